// A study's steps shared by the CLI and the studio (study_trials.h).

#include "convstudio/runs/study_trials.h"

#include "convstudio/runs/run_comparison.h"
#include "convstudio/runs/run_history.h"
#include "convstudio/runs/run_recorder.h"
#include "convstudio/runs/study_fold_groups.h"

namespace convstudio {

namespace {

// Trains on one fold's complement and validates on the fold, dealt by the study's seed, so every
// setting of the study is validated on the same k splits.
void validate_on_fold(DatasetSettings& dataset, const StudyPlan& plan, int fold) {
  dataset.validation = ValidationSplit::Fold;
  dataset.folds = plan.folds;
  dataset.validation_fold = fold;
  dataset.fold_seed = static_cast<std::int64_t>(plan.seed);
  dataset.stratified_folds = plan.stratified_folds;
}

std::string with_note(const std::string& label, const std::string& note) {
  return label.empty() ? note : label + ", " + note;
}

}  // namespace

DrawnStudyTrial draw_next_study_trial(const StudyPlan& plan) {
  DrawnStudyTrial drawn;
  StudyTrial& trial = drawn.trial;
  const auto number = static_cast<std::int64_t>(plan.drawn.size());
  const bool folds = plan.folds >= 2;
  const bool refit = folds && plan.refit && number + 1 == plan.trials;
  std::string run_note;
  if (refit) {  // the best setting once more, on the project's own split
    const std::optional<std::size_t> best = best_study_trial(plan);
    if (!best) {
      trial.state = StudyTrialState::Failed;
      trial.refusal = "no setting finished every fold with a validation accuracy: nothing to refit";
      return drawn;
    }
    trial.values = plan.drawn[*best].values;
    run_note = "refit on all training data";
  } else if (folds && number % plan.folds != 0) {  // a later fold of the setting being trained
    const StudyTrial& first = plan.drawn[static_cast<std::size_t>(number - number % plan.folds)];
    trial.values = first.values;
    trial.fold = static_cast<int>(number % plan.folds);
  } else {
    // A k-fold study draws its n-th setting as a plain study draws its n-th trial.
    const std::int64_t setting = folds ? number / plan.folds : number;
    trial.values =
        sample_study_trial(plan.spaces, plan.sampler, plan.seed, setting, study_observations(plan));
    if (folds) trial.fold = 0;
  }
  if (trial.fold) {
    run_note = "fold " + std::to_string(*trial.fold + 1) + " of " + std::to_string(plan.folds);
  }
  Result<Project> project = apply_study_values(plan.base, plan.spaces, trial.values, &trial.label);
  if (project && trial.fold) validate_on_fold(project.value().dataset, plan, *trial.fold);
  if (!project) {
    trial.state = StudyTrialState::Failed;
    trial.refusal = project.error().describe();
  } else if (auto refusal = study_constraint_refusal(project.value(), plan.constraints)) {
    trial.state = StudyTrialState::Refused;
    trial.refusal = *refusal;
  } else {
    QueuedRun run;
    run.label = run_note.empty() ? trial.label : with_note(trial.label, run_note);
    run.sweep = plan.id;
    run.project = std::move(project).value();
    drawn.run = std::move(run);
  }
  return drawn;
}

std::optional<double> study_trial_score(const std::string& run_folder) {
  const std::optional<RecordedRun> run = load_recorded_run(run_folder, RunDetail::Metrics);
  if (!run) return std::nullopt;
  const RunComparison comparison = compare_runs({*run});
  if (comparison.rows.empty()) return std::nullopt;
  return comparison.rows.front().best_val_accuracy;
}

void record_study_trial_end(StudyTrial& trial, std::optional<QueuedRunState> state,
                            const std::string& run_folder) {
  if (state == QueuedRunState::Queued || state == QueuedRunState::Running) return;
  if (state == QueuedRunState::Cancelled && !run_folder.empty()) {
    // Read from the run folder rather than passed in, so a study resumed after a crash between
    // the queue's and the plan's update records it as the uninterrupted one did.
    const std::optional<RecordedRun> run = load_recorded_run(run_folder, RunDetail::Summary);
    if (run && run->state == kPrunedRunState) {
      trial.state = StudyTrialState::Pruned;
      trial.score = study_trial_score(run_folder);
      trial.refusal = run->end_reason;
      return;
    }
  }
  trial.state =
      state == QueuedRunState::Finished ? StudyTrialState::Finished : StudyTrialState::Failed;
  if (trial.state == StudyTrialState::Finished) trial.score = study_trial_score(run_folder);
}

std::optional<std::size_t> best_study_trial(const StudyPlan& plan) {
  std::optional<std::size_t> best;
  if (plan.folds >= 2) {  // the setting with the best mean over its folds: its fold 0
    std::optional<double> best_mean;
    for (const StudyFoldGroup& group : study_fold_groups(plan)) {
      if (group.mean_score && (!best_mean || *group.mean_score > *best_mean)) {
        best_mean = group.mean_score;
        best = group.first;
      }
    }
    return best;
  }
  for (std::size_t i = 0; i < plan.drawn.size(); ++i) {
    const StudyTrial& trial = plan.drawn[i];
    if (trial.score && (!best || *trial.score > *plan.drawn[*best].score)) best = i;
  }
  return best;
}

Result<Project> study_trial_project(const StudyPlan& plan, std::size_t index) {
  return apply_study_values(plan.base, plan.spaces, plan.drawn.at(index).values, nullptr);
}

std::filesystem::path best_study_project_file(const std::filesystem::path& project_file,
                                              std::string_view study_id) {
  return project_file.parent_path() /
         (project_file.stem().string() + "." + std::string(study_id) + ".best.convstudio");
}

}  // namespace convstudio
