#pragma once
// A study's trial as `convstudio-cli study` trains it (issue 36): the flags of its pruner and
// time limit, and the trial's training with a stop rule (run_stop_rule.h) that asks the study's
// pruning watch at each validation and checks the time limit at each step. A trial stopped by
// either is kept as pruned: its run folder and checkpoint stay, its queue entry is Cancelled
// (no queue trains it again) and its run folder says why (RunRecorder::record_pruned).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/runs/study_plan.h"
#include "convstudio/runs/study_trials.h"
#include "queued_run_training.h"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace convstudio::cli {

class StudyPruningFlags {
 public:
  void add(CLI::App* command);
  bool any_given() const;
  // Sets plan.pruner and plan.constraints.max_minutes from the flags and the plan's base project
  // (set before); one sentence per problem, such as a pruner whose trials validate only once.
  std::vector<std::string> apply_to(StudyPlan& plan) const;

 private:
  static bool given(const CLI::Option* option);

  std::string prune_ = "none";  // "none", "median", "asha"
  int eta_ = 3;
  std::int64_t min_steps_ = 0;
  int startup_ = 5;
  double max_minutes_ = 0;
  CLI::Option* prune_option_ = nullptr;
  CLI::Option* eta_option_ = nullptr;
  CLI::Option* min_steps_option_ = nullptr;
  CLI::Option* startup_option_ = nullptr;
  CLI::Option* max_minutes_option_ = nullptr;
};

// "asha pruning (eta 3, first rung at 50 steps)", "" without a pruner; for the study's first line.
std::string pruning_summary(const PrunerSettings& pruner);

// Refuses `drawn` when its estimated time is over the plan's --max-minutes (study_time_limit.h);
// false after printing why the queue could not be read.
bool refuse_slow_trial(const std::filesystem::path& project_file, const StudyPlan& plan,
                       DrawnStudyTrial& drawn);

// Trains trial `index` of `plan` (its entry `entry` of the project's `queue`, as just read) as
// train_queued_run does, stopped early by the plan's pruner or time limit.
QueuedRunOutcome train_study_trial(const std::filesystem::path& project_file, const StudyPlan& plan,
                                   std::size_t index, const RunQueue& queue,
                                   const QueuedRun& entry);

}  // namespace convstudio::cli
