#include "study_runner.h"

#include <QFile>

#include <algorithm>
#include <utility>

#include "convstudio/runs/run_history.h"
#include "convstudio/runs/run_recorder.h"
#include "convstudio/runs/study_progress.h"
#include "convstudio/runs/study_time_limit.h"
#include "run_queue_runner.h"
#include "training_controller.h"

namespace convstudio {
namespace {

std::filesystem::path studyLocalPath(const QString& file) {
  return std::filesystem::path(QFile::encodeName(file).toStdString());
}

bool isStudyId(const std::string& sweep) {
  return sweep.rfind("study-", 0) == 0;
}

}  // namespace

StudyRunner::StudyRunner(RunQueueRunner* queue, TrainingController* controller, QObject* parent)
    : QObject(parent), runner_(queue) {
  connect(runner_, &RunQueueRunner::queueChanged, this, &StudyRunner::update);
  connect(controller, &TrainingController::epochEnded, this, &StudyRunner::onValidation);
  connect(controller, &TrainingController::stepped, this, &StudyRunner::onStep);
}

std::filesystem::path StudyRunner::planFile(const std::string& id) const {
  return study_plan_file(studyLocalPath(runner_->projectFile()), id);
}

std::optional<Error> StudyRunner::start(const StudyPlan& plan) {
  if (runner_->projectFile().isEmpty()) {
    return Error::without_place(tr("Open or create a project first.").toStdString());
  }
  if (std::optional<Error> failed = save_study_plan(planFile(plan.id), plan)) return failed;
  // A study the user starts goes on even when the queue was paused.
  runner_->setPaused(false);
  update();
  return std::nullopt;
}

std::string StudyRunner::currentStudyId() const {
  const QueuedRun* active = nullptr;
  RunQueue queue = runner_->queue();
  if (!runner_->activeEntry().isEmpty()) {
    active = find_queued_run(queue, runner_->activeEntry().toStdString());
  }
  if (active != nullptr && isStudyId(active->sweep)) return active->sweep;
  const std::filesystem::path project = studyLocalPath(runner_->projectFile());
  if (std::optional<std::string> unfinished = unfinished_study(project)) return *unfinished;
  const std::vector<std::string> all = project_studies(project);
  return all.empty() ? std::string() : all.back();
}

std::optional<StudyPlan> StudyRunner::advance(const std::string& id) {
  Result<StudyPlan> loaded = load_study_plan(planFile(id));
  if (!loaded) {
    emit problem(
        tr("The study %1 cannot be read: %2")
            .arg(QString::fromStdString(id), QString::fromStdString(loaded.error().describe())));
    return std::nullopt;
  }
  StudyPlan plan = std::move(loaded).value();
  if (plan.complete()) return plan;
  const std::filesystem::path runs = runs_folder(studyLocalPath(runner_->projectFile()));
  StudyProgress progress;
  // The queue first, then the plan, as the CLI writes them: a crash between the two leaves an
  // extra queue entry, never a trial without its run.
  if (std::optional<Error> failed =
          runner_->edit([&](RunQueue& queue) { progress = advance_study(plan, queue, runs); })) {
    return plan;  // the runner has said why; the plan on disk is left as it was
  }
  if (progress.changed()) {
    if (std::optional<Error> failed = save_study_plan(planFile(id), plan)) {
      emit problem(
          tr("The study %1 cannot be saved: %2")
              .arg(QString::fromStdString(id), QString::fromStdString(failed->describe())));
    }
  }
  return plan;
}

void StudyRunner::update() {
  if (updating_) return;
  updating_ = true;
  const std::optional<StudyPlan> before = study_;
  const std::string id = runner_->projectFile().isEmpty() ? std::string() : currentStudyId();
  study_ = id.empty() ? std::nullopt : advance(id);
  watchActiveTrial();
  updating_ = false;
  if (study_ != before) emit studyChanged();
}

void StudyRunner::watchActiveTrial() {
  const std::string active = runner_->activeEntry().toStdString();
  if (active == watchedEntry_) return;
  watchedEntry_ = active;
  watch_.reset();
  maxMinutes_.reset();
  secondsBefore_ = 0;
  bestAccuracy_ = 0;
  if (active.empty() || !study_) return;
  const auto trial = std::find_if(study_->drawn.begin(), study_->drawn.end(),
                                  [&](const StudyTrial& t) { return t.queue_id == active; });
  if (trial == study_->drawn.end()) return;
  const auto index = static_cast<std::size_t>(trial - study_->drawn.begin());
  RunQueue queue = runner_->queue();
  std::optional<RecordedRun> earlier;  // a resumed trial's first parts
  if (const QueuedRun* entry = find_queued_run(queue, active);
      entry && !entry->run_folder.empty()) {
    earlier = load_recorded_run(entry->run_folder, RunDetail::Metrics);
  }
  maxMinutes_ = study_->constraints.max_minutes;
  trialClock_.start();
  if (earlier) {
    secondsBefore_ = earlier->figures.wall_seconds.value_or(0);
    for (const RecordedEpoch& epoch : earlier->epochs) {
      bestAccuracy_ = std::max(bestAccuracy_, epoch.val_accuracy);
    }
  }
  if (study_->pruner.kind == StudyPruner::None) return;
  watch_.emplace(study_->pruner, earlier_trial_curves(*study_, index, queue));
  // A resumed trial's watch sees its earlier validations again first (the same answers).
  if (earlier) watch_->resume_from(earlier->epochs);
}

void StudyRunner::onValidation(const EpochMetrics& epoch) {
  if (watchedEntry_.empty() || runner_->activeEntry().toStdString() != watchedEntry_) return;
  bestAccuracy_ = std::max(bestAccuracy_, epoch.val_accuracy);
  if (!watch_) return;
  const ValidationCurve& seen = watch_->curve();
  if (!seen.empty() && epoch.step <= seen.back().step) return;  // replayed by a resumed run
  if (!watch_->prune_after(epoch.step, epoch.val_accuracy) || !study_) return;
  bestAccuracy_ = std::max(bestAccuracy_, watch_->best_accuracy().value_or(0.0));
  stopWatchedTrial(study_pruned_reason(study_->pruner.kind, epoch.step, epoch.val_accuracy));
}

void StudyRunner::onStep(const StepMetrics&) {
  if (!maxMinutes_ || !study_ || runner_->activeEntry().toStdString() != watchedEntry_) return;
  const double trained = secondsBefore_ + static_cast<double>(trialClock_.nsecsElapsed()) / 1e9;
  if (trained < *maxMinutes_ * 60) return;
  stopWatchedTrial(study_time_limit_reason(trained, *maxMinutes_));
}

void StudyRunner::stopWatchedTrial(const std::string& reason) {
  // Recorded before the run stops: when its entry ends, the study finds the trial already ended.
  Result<StudyPlan> loaded = load_study_plan(planFile(study_->id));
  if (!loaded) return;
  StudyPlan plan = std::move(loaded).value();
  for (StudyTrial& trial : plan.drawn) {
    if (trial.queue_id != watchedEntry_ || trial.state != StudyTrialState::Queued) continue;
    trial.state = StudyTrialState::Pruned;
    trial.score = bestAccuracy_;
    trial.refusal = reason;  // as the CLI records it
  }
  if (std::optional<Error> failed = save_study_plan(planFile(plan.id), plan)) {
    emit problem(
        tr("The study %1 cannot be saved: %2")
            .arg(QString::fromStdString(plan.id), QString::fromStdString(failed->describe())));
    return;
  }
  watch_.reset();
  maxMinutes_.reset();
  study_ = std::move(plan);
  emit studyChanged();
  runner_->endActive(reason);
}

}  // namespace convstudio
