// A study's steps shared by the CLI and the studio (study_trials.h).

#include "convstudio/runs/study_trials.h"

#include "convstudio/runs/run_comparison.h"
#include "convstudio/runs/run_history.h"
#include "convstudio/runs/run_recorder.h"

namespace convstudio {

DrawnStudyTrial draw_next_study_trial(const StudyPlan& plan) {
  DrawnStudyTrial drawn;
  StudyTrial& trial = drawn.trial;
  const auto number = static_cast<std::int64_t>(plan.drawn.size());
  trial.values =
      sample_study_trial(plan.spaces, plan.sampler, plan.seed, number, study_observations(plan));
  Result<Project> project = apply_study_values(plan.base, plan.spaces, trial.values, &trial.label);
  if (!project) {
    trial.state = StudyTrialState::Failed;
    trial.refusal = project.error().describe();
  } else if (auto refusal = study_constraint_refusal(project.value(), plan.constraints)) {
    trial.state = StudyTrialState::Refused;
    trial.refusal = *refusal;
  } else {
    QueuedRun run;
    run.label = trial.label;
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
