#pragma once
// Pruning a study's trial while it trains (issue 36): what the CLI's study loop and the studio's
// queue both feed with the trial's validations. It answers, at each one, whether the study's
// pruner (study_pruner.h) stops the trial there; the caller stops the run as a user's stop
// would (its run folder and checkpoint kept) and records the trial as Pruned.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "convstudio/runs/metric_files.h"
#include "convstudio/runs/run_queue.h"
#include "convstudio/runs/study_plan.h"
#include "convstudio/runs/study_pruner.h"

namespace convstudio {

// A run's validations as (optimizer step, validation accuracy), by step.
ValidationCurve validation_curve(const std::vector<RecordedEpoch>& epochs);

// The curves of the trials before trial `index` that trained (finished or pruned), read from
// their run folders (found through their queue entries); trials without a folder are left out.
std::vector<ValidationCurve> earlier_trial_curves(const StudyPlan& plan, std::size_t index,
                                                  const RunQueue& queue);

// "pruned by asha at step 40 (validation accuracy 0.6210)": a pruned run's end reason (run.json).
std::string study_pruned_reason(StudyPruner kind, std::int64_t step, double accuracy);

class StudyPruningWatch {
 public:
  StudyPruningWatch(PrunerSettings settings, std::vector<ValidationCurve> earlier);

  // The trial validated after `step` optimizer steps at `accuracy`: true when it stops here.
  bool prune_after(std::int64_t step, double accuracy);
  // A resumed trial: the validations its run folder recorded so far, seen again first so the
  // watch gives the answers it gave before the stop.
  void resume_from(const std::vector<RecordedEpoch>& epochs);

  const ValidationCurve& curve() const { return current_; }
  // The best accuracy so far: a pruned trial's score.
  std::optional<double> best_accuracy() const;

 private:
  PrunerSettings settings_;
  std::vector<ValidationCurve> earlier_;
  ValidationCurve current_;
};

}  // namespace convstudio
