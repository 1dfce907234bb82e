#include "training_controller.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>

#include "convstudio/runs/run_recorder.h"
#include "training_worker.h"

namespace convstudio {

TrainingController::TrainingController(QObject* parent) : QObject(parent) {
  registerTrainingMetaTypes();
  thread_.setObjectName(QStringLiteral("training"));
  worker_ = new TrainingWorker;
  worker_->moveToThread(&thread_);
  connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
  // The worker emits on the training thread; these connections queue copies to this thread.
  constexpr auto queued = Qt::QueuedConnection;
  connect(
      worker_, &TrainingWorker::stepsReady, this,
      [this](const QList<StepMetrics>& steps) {
        for (const StepMetrics& step : steps) emit stepped(step);
      },
      queued);
  connect(worker_, &TrainingWorker::epochEnded, this, &TrainingController::epochEnded, queued);
  connect(worker_, &TrainingWorker::logged, this, &TrainingController::logged, queued);
  connect(worker_, &TrainingWorker::failed, this, &TrainingController::failed, queued);
  connect(
      worker_, &TrainingWorker::stateChanged, this,
      [this](RunState state, const QString& message) {
        state_ = state;
        emit stateChanged(state, message);
      },
      queued);
  connect(worker_, &TrainingWorker::finished, this, &TrainingController::onFinished, queued);
  thread_.start();
}

TrainingController::~TrainingController() {
  worker_->cancel();
  thread_.quit();
  thread_.wait();
}

bool TrainingController::start(const Project& project, const QString& runsOwnerFile,
                               const QString& resumeCheckpoint, QString* error) {
  if (running_) {
    if (error) *error = tr("A run is already in progress.");
    return false;
  }
  const QString folder = QFile::decodeName(
      new_run_folder(QFile::encodeName(runsOwnerFile).toStdString()).string().c_str());
  if (!QDir().mkpath(folder)) {
    if (error) *error = tr("Cannot create the run folder %1.").arg(folder);
    return false;
  }
  RunOptions options;
  options.project = project;
  options.out_dir = QFile::encodeName(folder).toStdString();
  options.resume_checkpoint = QFile::encodeName(resumeCheckpoint).toStdString();
  // The studio shows the epochs and max steps it trains with: what the panel says is the end.
  options.new_end = true;
  running_ = true;
  state_ = RunState::Preparing;
  runFolder_ = folder;
  worker_->start(std::move(options), folder);
  return true;
}

void TrainingController::pause() {
  if (running_) worker_->pause();
}

void TrainingController::resume() {
  if (running_) worker_->resume();
}

void TrainingController::stop() {
  if (!running_) return;
  worker_->cancel();
  // A paused run waits for resume or cancel; cancel wakes it.
}

void TrainingController::stopAndWait() {
  if (!running_) return;
  QEventLoop loop;
  connect(this, &TrainingController::finished, &loop, &QEventLoop::quit);
  stop();
  if (running_) loop.exec();
}

bool TrainingController::confirmStop(QWidget* parent) {
  if (!running_) return true;
  const auto answer = QMessageBox::question(
      parent, tr("Training in Progress"),
      tr("A training run is in progress. Stop it and close? Its last checkpoint is kept, so "
         "you can resume it later."),
      QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
  if (answer != QMessageBox::Yes) return false;
  stopAndWait();
  return true;
}

QString TrainingController::releaseCachedMemory(const QString& device) {
  return QString::fromStdString(release_cached_device_memory(device.toStdString()));
}

void TrainingController::onFinished(const RunSummary& summary, const QString& runFolder) {
  running_ = false;
  state_ = summary.state;
  emit finished(summary, runFolder);
}

}  // namespace convstudio
