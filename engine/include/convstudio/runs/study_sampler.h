#pragma once
// The samplers of a study (issue 36): `random` draws every trial uniformly from its spaces (log
// spaces uniformly in the logarithm); `tpe` is the Tree-structured Parzen Estimator of Bergstra
// et al. 2011 as Optuna's default TPESampler does it. Both are pure functions of the seed, the
// trial's number and the trials that finished before it, so a resumed study draws what an
// uninterrupted one would have drawn.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "convstudio/runs/study_space.h"

namespace convstudio {

enum class StudySampler { Random, Tpe };

std::string to_string(StudySampler sampler);  // "random" | "tpe"
std::optional<StudySampler> parse_study_sampler(std::string_view text);

// A trial the sampler learns from: what it drew and how it ended.
struct StudyObservation {
  std::vector<double> values;  // one per space: a number, or a choice's index
  // Higher is better (the best validation accuracy). None: refused by a constraint or failed;
  // TPE counts it among the bad trials.
  std::optional<double> score;
  // Stopped early by the pruner: its score is of fewer steps than a finished trial's, so it
  // ranks below every trial that trained to its end, as Optuna's TPE ranks pruned trials.
  bool pruned = false;

  bool operator==(const StudyObservation&) const = default;
};

// Optuna's TPESampler defaults.
struct TpeOptions {
  int startup_trials = 10;  // drawn at random before the densities have anything to learn from
  int candidates = 24;      // drawn from l(x); the one with the largest l(x)/g(x) is taken
  double prior_weight = 1.0;
};

// The values of trial `trial` (counted from 0): one per space, a number (whole for integer
// spaces) or a choice's index. `finished`: the study's earlier trials that ended, in trial order.
std::vector<double> sample_study_trial(const std::vector<StudySpace>& spaces, StudySampler sampler,
                                       std::uint64_t seed, std::int64_t trial,
                                       const std::vector<StudyObservation>& finished,
                                       const TpeOptions& tpe = {});

}  // namespace convstudio
