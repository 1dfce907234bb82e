#include "study_trial_training.h"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "convstudio/runs/run_history.h"
#include "convstudio/runs/study_pruning.h"
#include "convstudio/runs/study_time_limit.h"

namespace convstudio::cli {
namespace {

// The trial's pruning watch and time limit, asked by train_and_record as the trial trains.
class StudyTrialStopRule : public RunStopRule {
 public:
  StudyTrialStopRule(StudyPruner kind, StudyPruningWatch watch, std::optional<double> max_minutes,
                     double seconds_before)
      : kind_(kind),
        watch_(std::move(watch)),
        max_minutes_(max_minutes),
        seconds_before_(seconds_before) {}

  std::optional<std::string> after_validation(const EpochMetrics& validation) override {
    if (!watch_.prune_after(validation.step, validation.val_accuracy)) return std::nullopt;
    return study_pruned_reason(kind_, validation.step, validation.val_accuracy);
  }

  std::optional<std::string> after_step(const StepMetrics&) override {
    if (!max_minutes_) return std::nullopt;
    const std::chrono::duration<double> part = std::chrono::steady_clock::now() - started_;
    const double trained = seconds_before_ + part.count();
    if (trained < *max_minutes_ * 60) return std::nullopt;
    return study_time_limit_reason(trained, *max_minutes_);
  }

 private:
  StudyPruner kind_;
  StudyPruningWatch watch_;
  std::optional<double> max_minutes_;
  double seconds_before_;  // earlier parts of a resumed trial
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace

void StudyPruningFlags::add(CLI::App* command) {
  prune_option_ =
      command
          ->add_option("--prune", prune_,
                       "Stop weak trials at their validation points: none (default), median "
                       "(below the median of the earlier trials at the same step) or asha "
                       "(asynchronous successive halving). Trials must validate more than once: "
                       "--validate-every-steps N, or two or more epochs")
          ->check(CLI::IsMember({"none", "median", "asha"}));
  eta_option_ = command->add_option("--prune-eta", eta_, "asha: each rung keeps the best 1/ETA")
                    ->check(CLI::Range(2, 1000))
                    ->capture_default_str();
  min_steps_option_ =
      command
          ->add_option("--prune-min-steps", min_steps_,
                       "asha: optimizer steps of the first rung, then ×ETA each (default: the "
                       "first validation point, --validate-every-steps)")
          ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40));
  startup_option_ =
      command
          ->add_option("--prune-startup", startup_, "median: trials that end before any is pruned")
          ->check(CLI::Range(0, 1000000))
          ->capture_default_str();
  max_minutes_option_ =
      command
          ->add_option("--max-minutes", max_minutes_,
                       "Time per trial: refuse a trial whose estimate (the earlier trials' speed "
                       "scaled by its MACs, batch and steps) is longer, and stop one that trains "
                       "longer (kept as pruned)")
          ->check(CLI::PositiveNumber);
}

bool StudyPruningFlags::given(const CLI::Option* option) {
  return option != nullptr && option->count() > 0;
}

bool StudyPruningFlags::any_given() const {
  return given(prune_option_) || given(eta_option_) || given(min_steps_option_) ||
         given(startup_option_) || given(max_minutes_option_);
}

std::vector<std::string> StudyPruningFlags::apply_to(StudyPlan& plan) const {
  std::vector<std::string> problems;
  if (given(max_minutes_option_)) plan.constraints.max_minutes = max_minutes_;
  PrunerSettings& pruner = plan.pruner;
  pruner.kind = parse_study_pruner(prune_).value_or(StudyPruner::None);
  if (pruner.kind != StudyPruner::Asha && (given(eta_option_) || given(min_steps_option_))) {
    problems.emplace_back("--prune-eta and --prune-min-steps are asha's: give --prune asha");
  }
  if (pruner.kind != StudyPruner::Median && given(startup_option_)) {
    problems.emplace_back("--prune-startup is the median pruner's: give --prune median");
  }
  if (pruner.kind == StudyPruner::None) return problems;
  // A pruner decides only at validation points; one at the trial's end decides nothing.
  const TrainingSettings& training = plan.base.training;
  const std::int64_t every = training.validation.every_steps;
  if (every > 0 && training.max_steps > 0 && training.max_steps <= every) {
    problems.push_back("--prune: each trial validates only once (--validate-every-steps " +
                       std::to_string(every) + " ≥ --max-steps " +
                       std::to_string(training.max_steps) +
                       "), so the pruner could not stop one early: validate more often");
  } else if (every == 0 && (training.epochs < 2 || training.max_steps > 0)) {
    problems.emplace_back(
        "--prune decides at validation points, and each trial validates only at the end of its "
        "epochs: give --validate-every-steps N (for example a tenth of --max-steps)");
  }
  pruner.eta = eta_;
  pruner.startup_trials = startup_;
  // The first rung at the first validation point: earlier, no trial has a figure to judge by.
  pruner.min_resource = given(min_steps_option_) ? min_steps_ : std::max<std::int64_t>(every, 1);
  return problems;
}

std::string pruning_summary(const PrunerSettings& pruner) {
  switch (pruner.kind) {
    case StudyPruner::Asha:
      return "asha pruning (eta " + std::to_string(pruner.eta) + ", first rung at " +
             std::to_string(pruner.min_resource) + " steps)";
    case StudyPruner::Median:
      return "median pruning (after " + std::to_string(pruner.startup_trials) + " trials)";
    case StudyPruner::None:
      break;
  }
  return "";
}

bool refuse_slow_trial(const std::filesystem::path& project_file, const StudyPlan& plan,
                       DrawnStudyTrial& drawn) {
  if (!plan.constraints.max_minutes || !drawn.run) return true;
  Result<RunQueue> queue = load_run_queue(project_file);
  if (!queue) {
    std::cerr << "error: " << queue.error().describe() << "\n";
    return false;
  }
  refuse_over_time_limit(drawn, plan, queue.value());
  return true;
}

QueuedRunOutcome train_study_trial(const std::filesystem::path& project_file, const StudyPlan& plan,
                                   std::size_t index, const RunQueue& queue,
                                   const QueuedRun& entry) {
  if (plan.pruner.kind == StudyPruner::None && !plan.constraints.max_minutes) {
    return train_queued_run(project_file, entry);
  }
  std::vector<ValidationCurve> earlier;
  if (plan.pruner.kind != StudyPruner::None) earlier = earlier_trial_curves(plan, index, queue);
  StudyPruningWatch watch(plan.pruner, std::move(earlier));
  double seconds_before = 0;
  if (!entry.run_folder.empty()) {
    // A stopped trial resumes: its watch sees its validations so far again, its clock goes on.
    if (const auto run = load_recorded_run(entry.run_folder, RunDetail::Metrics)) {
      watch.resume_from(run->epochs);
      seconds_before = run->figures.wall_seconds.value_or(0);
    }
  }
  StudyTrialStopRule rule(plan.pruner.kind, std::move(watch), plan.constraints.max_minutes,
                          seconds_before);
  return train_queued_run(project_file, entry, &rule);
}

}  // namespace convstudio::cli
