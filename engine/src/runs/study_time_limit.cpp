// A study's time per trial: the estimate and the refusal (study_time_limit.h).

#include "convstudio/runs/study_time_limit.h"

#include <algorithm>
#include <cstdio>

#include "convstudio/model/shape_inference.h"
#include "convstudio/runs/run_history.h"
#include "convstudio/runs/run_recorder.h"

namespace convstudio {
namespace {

std::optional<double> macs_per_sample(const Project& project) {
  const ModelAnalysis analysis = ShapeInference::run(project.graph);
  if (!analysis.ok() || analysis.total_macs() <= 0) return std::nullopt;
  return static_cast<double>(analysis.total_macs());
}

double samples_per_step(const TrainingSettings& training) {
  return static_cast<double>(std::max<std::int64_t>(training.batch_size, 1) *
                             std::max<std::int64_t>(training.accumulate, 1));
}

std::string minutes_text(double minutes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", minutes);
  return text;
}

}  // namespace

std::optional<double> planned_trial_work(const Project& project,
                                         std::optional<double> samples_per_epoch) {
  const TrainingSettings& training = project.training;
  std::optional<double> samples;
  if (samples_per_epoch) samples = static_cast<double>(training.epochs) * *samples_per_epoch;
  if (training.max_steps > 0) {
    const double capped = static_cast<double>(training.max_steps) * samples_per_step(training);
    samples = samples ? std::min(*samples, capped) : capped;
  }
  const std::optional<double> macs = macs_per_sample(project);
  if (!samples || !macs) return std::nullopt;
  return *samples * *macs;
}

std::optional<double> estimate_trial_seconds(double planned_work,
                                             const std::vector<TrialTiming>& earlier) {
  double work = 0;
  double seconds = 0;
  for (const TrialTiming& trial : earlier) {
    if (trial.work <= 0 || trial.seconds <= 0) continue;
    work += trial.work;
    seconds += trial.seconds;
  }
  if (work <= 0) return std::nullopt;
  return planned_work * seconds / work;
}

StudyTimings study_trial_timings(const StudyPlan& plan, const RunQueue& queue) {
  StudyTimings timings;
  for (const StudyTrial& trial : plan.drawn) {
    if (trial.state != StudyTrialState::Finished && trial.state != StudyTrialState::Pruned) {
      continue;
    }
    const auto entry = std::find_if(queue.runs.begin(), queue.runs.end(),
                                    [&](const QueuedRun& run) { return run.id == trial.queue_id; });
    if (entry == queue.runs.end() || entry->run_folder.empty()) continue;
    const std::optional<RecordedRun> run = load_recorded_run(entry->run_folder, RunDetail::Summary);
    if (!run || !run->project || !run->figures.wall_seconds || run->figures.steps <= 0) continue;
    const std::optional<double> macs = macs_per_sample(*run->project);
    if (!macs) continue;
    const double samples =
        static_cast<double>(run->figures.steps) * samples_per_step(run->project->training);
    timings.trials.push_back({samples * *macs, *run->figures.wall_seconds});
    // Only a run that trained whole epochs tells how many samples one holds.
    if (!timings.samples_per_epoch && run->state == "finished" && run->figures.epochs > 0 &&
        run->project->training.max_steps == 0) {
      timings.samples_per_epoch = samples / static_cast<double>(run->figures.epochs);
    }
  }
  return timings;
}

std::optional<std::string> study_time_refusal(const Project& project, const StudyPlan& plan,
                                              const RunQueue& queue) {
  if (!plan.constraints.max_minutes) return std::nullopt;
  const StudyTimings timings = study_trial_timings(plan, queue);
  const std::optional<double> work = planned_trial_work(project, timings.samples_per_epoch);
  if (!work) return std::nullopt;
  const std::optional<double> seconds = estimate_trial_seconds(*work, timings.trials);
  if (!seconds || *seconds <= *plan.constraints.max_minutes * 60) return std::nullopt;
  return "estimated " + minutes_text(*seconds / 60) + " min > --max-minutes " +
         minutes_text(*plan.constraints.max_minutes);
}

void refuse_over_time_limit(DrawnStudyTrial& drawn, const StudyPlan& plan, const RunQueue& queue) {
  if (!drawn.run) return;
  if (auto refusal = study_time_refusal(drawn.run->project, plan, queue)) {
    drawn.trial.state = StudyTrialState::Refused;
    drawn.trial.refusal = *refusal;
    drawn.run.reset();
  }
}

std::string study_time_limit_reason(double trained_seconds, double max_minutes) {
  return "time limit: trained " + minutes_text(trained_seconds / 60) + " min ≥ --max-minutes " +
         minutes_text(max_minutes);
}

}  // namespace convstudio
