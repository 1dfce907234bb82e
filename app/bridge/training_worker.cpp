#include "training_worker.h"

#include <QFile>

#include <optional>

#include "convstudio/runs/run_summary_json.h"

namespace convstudio {

TrainingWorker::TrainingWorker(QObject* parent) : QObject(parent) {
  registerTrainingMetaTypes();
}

void TrainingWorker::start(RunOptions options, const QString& runFolder,
                           const RunRecordOptions& record) {
  {
    std::lock_guard lock(mutex_);
    runStarted_ = true;
  }
  QMetaObject::invokeMethod(
      this,
      [this, options = std::move(options), runFolder, record] { run(options, runFolder, record); },
      Qt::QueuedConnection);
}

void TrainingWorker::run(RunOptions options, const QString& runFolder,
                         const RunRecordOptions& record) {
  {
    std::lock_guard lock(mutex_);
    runStarted_ = true;
  }
  // The recorder holds the run folder's lock: it ends before `finished` is sent, so a run the UI
  // starts on that signal in the same folder finds the folder free.
  std::optional<RunRecorder> recorder;
  recorder.emplace(std::filesystem::path(QFile::encodeName(runFolder).toStdString()),
                   options.project,
                   record.continues ? RunRecorder::Start::Resumed : RunRecorder::Start::Fresh);
  if (!record.queuedRun.empty()) {
    recorder->record_queue_entry(record.queuedRun, record.sweep, record.label);
  }
  if (!recorder->ok()) {
    RunSummary summary;
    summary.state = RunState::Failed;
    summary.error = RunError(RunErrorKind::Checkpoint,
                             recorder->in_use().value_or(Error::in_file(
                                 runFolder.toStdString(), "cannot write the run folder")));
    recorder.reset();
    {
      std::lock_guard lock(mutex_);
      endRun();
    }
    emit failed(*summary.error);
    emit finished(summary, runFolder);
    return;
  }
  recorder_ = &*recorder;
  Trainer trainer(std::move(options), this);
  {
    std::lock_guard lock(mutex_);
    trainer_ = &trainer;
    if (cancelRequested_) trainer.cancel();
    if (pauseRequested_) trainer.pause();
  }
  const RunSummary summary = trainer.run();
  std::string prunedReason;
  {
    std::lock_guard lock(mutex_);
    prunedReason = prunedReason_;
    endRun();
  }
  recorder->finish(run_summary_json(summary));
  if (summary.state == RunState::Cancelled && !prunedReason.empty()) {
    recorder->record_pruned(prunedReason);
  }
  recorder_ = nullptr;
  recorder.reset();
  deliverSteps();
  emit finished(summary, runFolder);
}

void TrainingWorker::endRun() {
  trainer_ = nullptr;
  runStarted_ = false;
  pauseRequested_ = false;
  cancelRequested_ = false;
  prunedReason_.clear();
}

void TrainingWorker::pause() {
  std::lock_guard lock(mutex_);
  if (!runStarted_) return;  // the run it was meant for has ended
  pauseRequested_ = true;
  if (trainer_) trainer_->pause();
}

void TrainingWorker::resume() {
  std::lock_guard lock(mutex_);
  if (!runStarted_) return;
  pauseRequested_ = false;
  if (trainer_) trainer_->resume();
}

void TrainingWorker::cancel() {
  std::lock_guard lock(mutex_);
  if (!runStarted_) return;  // a Stop that arrived after the run ended must not stop the next
  cancelRequested_ = true;
  if (trainer_) trainer_->cancel();
}

void TrainingWorker::cancelAsPruned(const std::string& reason) {
  std::lock_guard lock(mutex_);
  if (!runStarted_) return;
  prunedReason_ = reason;
  cancelRequested_ = true;
  if (trainer_) trainer_->cancel();
}

// The listener callbacks run on the training thread: record, then queue a copy to the UI.
void TrainingWorker::on_step(const StepMetrics& step) {
  recorder_->on_step(step);
  pendingSteps_.push_back(step);
  // The charts redraw at most 30 times a second, so delivering more often only costs wake-ups.
  constexpr auto kDeliveryInterval = std::chrono::milliseconds(33);
  if (std::chrono::steady_clock::now() - lastDelivery_ >= kDeliveryInterval) deliverSteps();
}

void TrainingWorker::deliverSteps() {
  lastDelivery_ = std::chrono::steady_clock::now();
  if (pendingSteps_.isEmpty()) return;
  emit stepsReady(pendingSteps_);
  pendingSteps_.clear();
}

void TrainingWorker::on_epoch(const EpochMetrics& epoch) {
  recorder_->on_epoch(epoch);
  deliverSteps();
  emit epochEnded(epoch);
}

void TrainingWorker::on_state(RunState state, const std::string& message) {
  recorder_->on_state(state, message);
  deliverSteps();
  emit stateChanged(state, QString::fromStdString(message));
}

void TrainingWorker::on_origin(const RunOrigin& origin) {
  recorder_->on_origin(origin);
}

void TrainingWorker::on_log(const LogLine& line) {
  recorder_->on_log(line);
  deliverSteps();
  emit logged(line);
}

void TrainingWorker::on_error(const RunError& error) {
  recorder_->on_error(error);
  deliverSteps();
  emit failed(error);
}

}  // namespace convstudio
