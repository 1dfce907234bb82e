#pragma once
// Pruning a study's weak trials at their validation points (issue 36), as Optuna's
// MedianPruner and SuccessiveHalvingPruner (asynchronous successive halving, ASHA) decide:
// the decision only, a pure function of the trial's validation points and those of the trials
// before it. study_pruning.h's watch asks it at each validation of a training trial.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace convstudio {

enum class StudyPruner { None, Median, Asha };

std::string to_string(StudyPruner kind);  // "none" | "median" | "asha"
std::optional<StudyPruner> parse_study_pruner(std::string_view text);

struct PrunerSettings {
  StudyPruner kind = StudyPruner::None;
  int eta = 3;                    // ASHA: each rung keeps the best 1/eta
  std::int64_t min_resource = 1;  // ASHA: optimizer steps of the first rung
  int startup_trials = 5;         // Median: trials that end before any is pruned

  bool operator==(const PrunerSettings&) const = default;
};

// A validation of a trial: after `step` optimizer steps, this accuracy (higher is better).
struct ValidationPoint {
  std::int64_t step = 0;
  double accuracy = 0;
};
using ValidationCurve = std::vector<ValidationPoint>;  // by step, ascending

// Whether the trial whose validation points are `current` (its last one just reported) stops
// now. `earlier`: the curves of the study's trials that came before it (ended or pruned).
// Median: once `startup_trials` earlier trials exist, the trial's best accuracy so far is below
// the median of the earlier trials' accuracies at the same point (each one's last validation at
// or before the step: trials of different batch sizes validate at different steps).
// ASHA: rung k is min_resource · eta^k steps; when the last point is the first to reach a rung,
// the trial goes on only if its accuracy there is among the best 1/eta (at least the best one) of
// every trial that reached that rung, each judged at its own first point there.
bool should_prune(const PrunerSettings& settings, const ValidationCurve& current,
                  const std::vector<ValidationCurve>& earlier);

}  // namespace convstudio
