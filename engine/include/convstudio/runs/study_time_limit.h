#pragma once
// A study's time per trial (issue 36, --max-minutes): how long a trial will train, estimated
// from the study's trials that trained before it, and the refusal of one whose estimate is over
// the limit. A trial that runs past the limit anyway is stopped by the caller and kept as pruned
// (RunRecorder::record_pruned).

#include <optional>
#include <string>
#include <vector>

#include "convstudio/model/project.h"
#include "convstudio/runs/run_queue.h"
#include "convstudio/runs/study_plan.h"
#include "convstudio/runs/study_trials.h"

namespace convstudio {

// A trial that trained, as its run folder recorded it.
struct TrialTiming {
  double work = 0;     // forward MACs per sample × samples trained (steps × batch × accumulate)
  double seconds = 0;  // its training time (run.json's wall_seconds)
};

// The work `project` plans: MACs per sample × the samples of its planned optimizer steps
// (max_steps, or epochs × samples_per_epoch when that is known, the fewer of the two). nullopt
// when its steps are unknown or its shapes do not fit.
std::optional<double> planned_trial_work(const Project& project,
                                         std::optional<double> samples_per_epoch);

// Seconds a trial of `planned_work` will take at the earlier trials' seconds per unit of work
// (their totals' ratio, so longer trials weigh more). nullopt without evidence: the study's
// first trial trains.
std::optional<double> estimate_trial_seconds(double planned_work,
                                             const std::vector<TrialTiming>& earlier);

struct StudyTimings {
  std::vector<TrialTiming> trials;
  std::optional<double> samples_per_epoch;  // from a trial that trained whole epochs
};

// The timings of the plan's trials that trained (finished or pruned), from their run folders,
// found through their queue entries.
StudyTimings study_trial_timings(const StudyPlan& plan, const RunQueue& queue);

// "estimated 12.5 min > --max-minutes 10": why `project` may not train under the plan's time
// limit; nullopt when it may (no limit, no estimate yet, or within it).
std::optional<std::string> study_time_refusal(const Project& project, const StudyPlan& plan,
                                              const RunQueue& queue);

// Refuses a drawn trial that would be queued when study_time_refusal says so: it becomes
// Refused with that sentence and is not queued.
void refuse_over_time_limit(DrawnStudyTrial& drawn, const StudyPlan& plan, const RunQueue& queue);

// "time limit: trained 10.2 min ≥ --max-minutes 10": the end reason of a trial stopped there.
std::string study_time_limit_reason(double trained_seconds, double max_minutes);

}  // namespace convstudio
