#include "run_queue_runner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <utility>

#include "convstudio/runs/run_recorder.h"
#include "training_controller.h"

namespace convstudio {
namespace {

std::filesystem::path localPath(const QString& file) {
  return std::filesystem::path(QFile::encodeName(file).toStdString());
}

QueuedRunState queuedStateOf(RunState state) {
  switch (state) {
    case RunState::Finished:
      return QueuedRunState::Finished;
    case RunState::Cancelled:
      return QueuedRunState::Cancelled;
    default:
      return QueuedRunState::Failed;
  }
}

}  // namespace

RunQueueRunner::RunQueueRunner(TrainingController* controller, StartRun startRun, QObject* parent)
    : QObject(parent), controller_(controller), startRun_(std::move(startRun)) {
  // Queued: whoever shows the run has handled its end first (the cockpit carries a run whose
  // project was saved elsewhere, which repoints its queue entry).
  connect(controller_, &TrainingController::finished, this, &RunQueueRunner::onFinished,
          Qt::QueuedConnection);
  connect(controller_, &TrainingController::stepped, this, [this](const StepMetrics& step) {
    if (activeId_.empty() || step.total_steps <= 0) return;
    emit progressChanged(activeEntry(),
                         static_cast<double>(step.step) / static_cast<double>(step.total_steps));
  });
}

void RunQueueRunner::setProjectFile(const QString& projectFile) {
  if (projectFile == projectFile_) return;
  if (closing_ && !controller_->isRunning()) {
    // The entry was stopped because its project was replaced, not because the studio closed:
    // it stays Running in its own queue file (resumed when that project opens again), and the
    // runner serves the next project's queue.
    closing_ = false;
    activeId_.clear();
  }
  projectFile_ = projectFile;
  queue_ = RunQueue{};
  loadError_.reset();
  if (!projectFile_.isEmpty()) {
    Result<RunQueue> loaded = load_run_queue(localPath(projectFile_));
    if (loaded) {
      queue_ = std::move(loaded.value());
    } else {
      loadError_ = loaded.error();
      emit problem(tr("The run queue cannot be read: %1")
                       .arg(QString::fromStdString(loadError_->describe())));
    }
  }
  emit queueChanged();
  // Once the window is up: a queue a closed studio left running goes on.
  startNextSoon();
}

int RunQueueRunner::pendingCount() const {
  int pending = 0;
  for (const QueuedRun& run : queue_.runs) {
    if (run.state == QueuedRunState::Queued || run.state == QueuedRunState::Running) ++pending;
  }
  return pending;
}

std::optional<Error> RunQueueRunner::add(std::vector<QueuedRun> runs) {
  if (projectFile_.isEmpty()) {
    return Error::without_place(tr("Open or create a project first.").toStdString());
  }
  const RunQueue before = queue_;
  add_to_queue(queue_, std::move(runs));
  if (std::optional<Error> failed = save()) {
    queue_ = before;
    return failed;
  }
  emit queueChanged();
  startNextSoon();
  return std::nullopt;
}

std::optional<Error> RunQueueRunner::edit(const std::function<void(RunQueue&)>& change) {
  if (projectFile_.isEmpty()) {
    return Error::without_place(tr("Open or create a project first.").toStdString());
  }
  const RunQueue before = queue_;
  change(queue_);
  if (queue_ == before) return std::nullopt;
  if (std::optional<Error> failed = save()) {
    queue_ = before;
    return failed;
  }
  emit queueChanged();
  startNextSoon();
  return std::nullopt;
}

void RunQueueRunner::endActive(const std::string& reason) {
  if (activeId_.empty() || activeOwner_ != projectFile_) return;
  endWhenStopped_ = true;
  controller_->stopAsPruned(reason);
}

bool RunQueueRunner::move(const QString& id, int direction) {
  if (!move_queued_run(queue_, id.toStdString(), direction)) return false;
  save();
  emit queueChanged();
  return true;
}

bool RunQueueRunner::remove(const QString& id) {
  if (id.toStdString() == activeId_ && activeOwner_ == projectFile_) {
    // Removed once it has ended: its end must not start it again as interrupted.
    removeWhenEnded_ = true;
    controller_->stop();
    return true;
  }
  if (!remove_queued_run(queue_, id.toStdString())) return false;
  save();
  emit queueChanged();
  return true;
}

void RunQueueRunner::setPaused(bool paused) {
  if (queue_.paused == paused) return;
  queue_.paused = paused;
  save();
  emit queueChanged();
  if (!paused) startNextSoon();
}

void RunQueueRunner::stopForClose() {
  closing_ = true;
  if (!activeId_.empty()) controller_->stopAndWait();
}

void RunQueueRunner::startNextSoon() {
  QMetaObject::invokeMethod(this, &RunQueueRunner::startNext, Qt::QueuedConnection);
}

void RunQueueRunner::startNext() {
  if (closing_ || projectFile_.isEmpty() || loadError_ || !activeId_.empty() ||
      controller_->isRunning()) {
    return;
  }
  const std::optional<std::size_t> next = next_queued_run(queue_);
  if (!next) return;
  const QueuedRun entry = queue_.runs[*next];
  RunStart how;
  how.record.queuedRun = entry.id;
  how.record.sweep = entry.sweep;
  how.record.label = entry.label;
  if (!entry.run_folder.empty()) {
    // Interrupted by a close or a crash (Running), or stopped and queued again (the CLI's
    // Ctrl+C): it goes on from its last checkpoint in its own folder, or starts over when it
    // left none. A folder the CLI wrote relative to where it ran is found among the runs.
    QueuedRun located = entry;
    if (std::filesystem::path(entry.run_folder).is_relative()) {
      located.run_folder = (runs_folder(localPath(projectFile_)) /
                            std::filesystem::path(entry.run_folder).filename())
                               .string();
    }
    if (const auto checkpoint = interrupted_run_checkpoint(located)) {
      how.resumeCheckpoint = QFile::decodeName(checkpoint->string().c_str());
      how.continueInCheckpointFolder = true;
    }
  }
  const Result<Start> started = startRun_(entry.project, how);
  if (!started) {
    mark_queued_run(queue_, entry.id, QueuedRunState::Failed);
    save();
    emit queueChanged();
    emit problem(tr("The queued run %1 could not start: %2")
                     .arg(QString::fromStdString(entry.label),
                          QString::fromStdString(started.error().describe())));
    startNextSoon();
    return;
  }
  if (started.value() == Start::HeldBack) return;
  activeId_ = entry.id;
  activeOwner_ = projectFile_;
  activeFolder_ = controller_->runFolder();
  removeWhenEnded_ = false;
  endWhenStopped_ = false;
  mark_queued_run(queue_, entry.id, QueuedRunState::Running,
                  QFile::encodeName(activeFolder_).toStdString());
  save();
  emit queueChanged();
}

void RunQueueRunner::onFinished(const RunSummary& summary, const QString& runFolder) {
  // Closing: the entry stays Running in the file, so the next start resumes it.
  if (closing_) return;
  if (activeId_.empty() || runFolder != activeFolder_) {
    startNextSoon();  // a run started by hand has ended: the worker is free again
    return;
  }
  const std::string id = std::exchange(activeId_, std::string());
  const QueuedRunState state = queuedStateOf(summary.state);
  if (activeOwner_ != projectFile_) {
    markElsewhere(id, state);
  } else if (std::exchange(removeWhenEnded_, false)) {
    mark_queued_run(queue_, id, state);
    remove_queued_run(queue_, id);
  } else if (std::exchange(endWhenStopped_, false) && state == QueuedRunState::Cancelled) {
    mark_queued_run(queue_, id, QueuedRunState::Cancelled);  // pruned: ended, not resumed
  } else if (state == QueuedRunState::Cancelled) {
    // The user stopped it: the queue stops with it, and the run waits in its folder to go on
    // from its checkpoint when the queue is resumed (as the CLI's Ctrl+C leaves it). Remove
    // drops it for good.
    mark_queued_run(queue_, id, QueuedRunState::Queued);
    queue_.paused = true;
  } else {
    mark_queued_run(queue_, id, state);
  }
  save();
  emit queueChanged();
  startNextSoon();
}

void RunQueueRunner::markElsewhere(const std::string& id, QueuedRunState state) {
  // Its project was closed or saved elsewhere during the run: its own queue file records it
  // (when it is still there).
  const std::filesystem::path owner = localPath(activeOwner_);
  if (Result<RunQueue> other = load_run_queue(owner); other && find_queued_run(other.value(), id)) {
    mark_queued_run(other.value(), id, state);
    if (const auto failed = save_run_queue(owner, other.value())) {
      emit problem(
          tr("The run queue cannot be saved: %1").arg(QString::fromStdString(failed->describe())));
    }
  }
  // Saved elsewhere, the queue came along (carry_runs) with this entry under a fresh id, and the
  // cockpit has carried the run's folder since it ended (carry_run points the entry at it, with
  // a "-2" when the name was taken): read the queue again and end that entry, or it would be
  // taken for an interrupted run.
  if (projectFile_.isEmpty() || loadError_) return;
  Result<RunQueue> here = load_run_queue(localPath(projectFile_));
  if (!here) return;
  queue_ = std::move(here.value());
  const QString name = QFileInfo(activeFolder_).fileName();
  for (const QueuedRun& run : queue_.runs) {
    const QString folder = QFileInfo(QString::fromStdString(run.run_folder)).fileName();
    if (run.state == QueuedRunState::Running && folder.startsWith(name)) {
      mark_queued_run(queue_, run.id, state);
    }
  }
}

std::optional<Error> RunQueueRunner::save() {
  if (projectFile_.isEmpty()) return std::nullopt;
  if (loadError_) {
    emit problem(tr("The run queue file could not be read, so it is not overwritten: %1")
                     .arg(QString::fromStdString(loadError_->describe())));
    return loadError_;
  }
  std::optional<Error> failed = save_run_queue(localPath(projectFile_), queue_);
  if (failed) {
    emit problem(
        tr("The run queue cannot be saved: %1").arg(QString::fromStdString(failed->describe())));
  }
  return failed;
}

}  // namespace convstudio
