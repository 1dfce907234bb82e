#include "training_controller.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>

#include <filesystem>
#include <utility>

#include "convstudio/model/project_file.h"
#include "convstudio/runs/run_folder_lock.h"
#include "convstudio/runs/run_recorder.h"
#include "peer_rank_processes.h"
#include "training_worker.h"

namespace convstudio {
namespace {

// How long the other ranks of a data-parallel run may take to end after rank 0 has: they stop
// with it (Stop and the end are agreed every step), or notice its failure through c10d. They
// write nothing, so ending one that is slower than this loses nothing.
constexpr int kPeerGraceMs = 10000;

}  // namespace

TrainingController::TrainingController(QObject* parent)
    : QObject(parent), peerProgram_(PeerRankProcesses::defaultProgram()) {
  registerTrainingMetaTypes();
  peers_ = new PeerRankProcesses(this);
  connect(peers_, &PeerRankProcesses::logged, this, &TrainingController::logged);
  connect(peers_, &PeerRankProcesses::allEnded, this, &TrainingController::endRun);
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

Result<QString> TrainingController::start(const Project& project, const QString& runsOwnerFile,
                                          const QString& resumeCheckpoint) {
  RunStart how;
  how.resumeCheckpoint = resumeCheckpoint;
  return start(project, runsOwnerFile, how);
}

Result<QString> TrainingController::start(const Project& project, const QString& runsOwnerFile,
                                          const RunStart& how) {
  if (running_) return Error::without_place(tr("A run is already in progress.").toStdString());
  const QString& resumeCheckpoint = how.resumeCheckpoint;
  RunRecordOptions record = how.record;
  record.continues = how.continueInCheckpointFolder && !resumeCheckpoint.isEmpty();
  const QString folder =
      record.continues
          ? QFileInfo(QDir::cleanPath(resumeCheckpoint)).absolutePath()
          : QFile::decodeName(
                new_run_folder(QFile::encodeName(runsOwnerFile).toStdString()).string().c_str());
  const std::string folderPlace = QFile::encodeName(folder).toStdString();
  // The run's recorder takes the folder's lock on the training thread; asked here first, a folder
  // another run trains into is refused as a start failure, before anything is written there.
  if (const std::optional<long> holder = RunFolderLock::holder(folderPlace)) {
    return Error::in_file(
        folderPlace,
        tr("The run folder is in use by process %1: another run is training into it. Wait for "
           "that run to end, or start a new run.")
            .arg(*holder > 0 ? QString::number(*holder) : QStringLiteral("?"))
            .toStdString());
  }
  if (!QDir().mkpath(folder)) {
    return Error::in_file(folderPlace, tr("Cannot create the run folder.").toStdString());
  }
  RunOptions options;
  options.project = project;
  options.out_dir = folderPlace;
  options.resume_checkpoint = QFile::encodeName(resumeCheckpoint).toStdString();
  // The studio shows the epochs and max steps it trains with: what the panel says is the end.
  options.new_end = true;
  // An imported project (or one given starting weights) trains from them.
  options.start_weights =
      ProjectFile::weights_file(project, QFile::encodeName(runsOwnerFile).toStdString()).string();
  if (project.training.processes > 1) {
    if (std::optional<Error> failed = startPeers(project, folder, resumeCheckpoint, options)) {
      return std::move(*failed);
    }
  }
  running_ = true;
  state_ = RunState::Preparing;
  runFolder_ = folder;
  worker_->start(std::move(options), folder, record);
  return folder;
}

void TrainingController::pause() {
  if (running_) worker_->pause();
}

void TrainingController::resume() {
  if (running_) worker_->resume();
}

std::optional<Error> TrainingController::startPeers(const Project& project, const QString& folder,
                                                    const QString& resumeCheckpoint,
                                                    RunOptions& options) {
  DistributedOptions& distributed = options.distributed;
  distributed.world_size = static_cast<int>(project.training.processes);
  distributed.rank = 0;
  distributed.local_rank = 0;
  distributed.master_port = free_local_port();
  if (distributed.master_port == 0) {
    return Error::without_place(
        tr("No free TCP port on 127.0.0.1 for the run's processes to meet.").toStdString());
  }
  // The other ranks train the project as it is now, saved or not, from the run's own folder.
  // They start from rank 0's weights, but read the starting weights file too: name it absolutely.
  Project forPeers = project;
  if (!project.weights.empty()) {
    // Normal form: the project file refuses `.` and `..` steps in a weights path.
    forPeers.weights = std::filesystem::absolute(options.start_weights).lexically_normal().string();
  }
  const QString file = QDir(folder).filePath(QStringLiteral("data-parallel.convstudio"));
  // The engine's Error names the file and what went wrong writing it.
  if (std::optional<Error> problem =
          ProjectFile::save(forPeers, QFile::encodeName(file).toStdString())) {
    return problem;
  }
  QStringList arguments{QStringLiteral("--out"), folder, QStringLiteral("--epochs"),
                        QString::number(project.training.epochs)};
  if (project.training.max_steps > 0) {
    arguments << QStringLiteral("--max-steps") << QString::number(project.training.max_steps);
  }
  if (!resumeCheckpoint.isEmpty()) arguments << QStringLiteral("--resume") << resumeCheckpoint;
  const std::optional<DeviceChoice> device = parse_device(project.training.device);
  const bool onCpu = !device || device->kind != DeviceChoice::Kind::Cuda;
  peers_->start(peerProgram_, file, arguments, distributed, onCpu);
  return std::nullopt;
}

QList<qint64> TrainingController::peerProcessIds() const {
  return peers_->processIds();
}

void TrainingController::stop() {
  if (!running_) return;
  worker_->cancel();
  // A paused run waits for resume or cancel; cancel wakes it.
}

void TrainingController::stopAsPruned(const std::string& reason) {
  if (!running_) return;
  worker_->cancelAsPruned(reason);
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

void TrainingController::onFinished(const RunSummary& summary, const QString& /*runFolder*/) {
  // The run is over once its last process is: a new run must not meet this one's ranks.
  endedSummary_ = summary;
  peers_->finishWithin(kPeerGraceMs);  // allEnded() → endRun(), at once when there are none
}

void TrainingController::endRun() {
  if (!endedSummary_) return;
  const RunSummary summary = *std::exchange(endedSummary_, std::nullopt);
  running_ = false;
  state_ = summary.state;
  emit finished(summary, runFolder_);
}

}  // namespace convstudio
