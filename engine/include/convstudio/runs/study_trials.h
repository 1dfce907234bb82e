#pragma once
// The steps of a study that the CLI's `study` loop and the studio's Search both take (issue 36):
// drawing the next trial (refused or failed before it trains, or a run to queue), recording how
// a trained trial ended, and finding the best one. Pure functions of the plan and run folders;
// the caller owns the run queue (a file for the CLI, the queue model in the studio).

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "convstudio/result.h"
#include "convstudio/runs/run_queue.h"
#include "convstudio/runs/study_plan.h"

namespace convstudio {

struct DrawnStudyTrial {
  StudyTrial trial;              // Queued, Refused (constraint) or Failed (settings invalid)
  std::optional<QueuedRun> run;  // when Queued: the run to add to the queue (its id unset)
};

// Draws trial number plan.drawn.size() from the plan's sampler and the trials ended so far. The
// caller adds `run` to its queue, sets trial.queue_id and appends the trial to plan.drawn. In a
// k-fold study a setting is drawn at fold 0 and repeated for folds 1 … k-1 (the run validating
// on that fold, study_fold_groups.h); the refit trial repeats the best setting on the project's
// own validation split, so it trains on all the training data the project trains on.
DrawnStudyTrial draw_next_study_trial(const StudyPlan& plan);

// The best validation accuracy its run folder recorded; none when it never validated.
std::optional<double> study_trial_score(const std::string& run_folder);

// Records how the trial's queue entry ended: Finished with its score; Cancelled with a run folder
// that records it pruned (RunRecorder::record_pruned) as Pruned with its best accuracy so far and
// the reason as its refusal text; Failed or Cancelled otherwise (or an entry gone from the queue:
// `state` nullopt) as Failed. Queued (stopped, to resume) leaves it.
void record_study_trial_end(StudyTrial& trial, std::optional<QueuedRunState> state,
                            const std::string& run_folder);

// The index in plan.drawn of the trial with the best score (k-fold: the fold 0 of the setting
// with the best mean score over its folds); nullopt when none has one.
std::optional<std::size_t> best_study_trial(const StudyPlan& plan);

// The plan's base project with the values of trial `index` (as best_study_trial names it).
Result<Project> study_trial_project(const StudyPlan& plan, std::size_t index);

// Where the best trial's settings are written: PROJECT.STUDY.best.convstudio beside the project.
std::filesystem::path best_study_project_file(const std::filesystem::path& project_file,
                                              std::string_view study_id);

}  // namespace convstudio
