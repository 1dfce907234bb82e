// The training cockpit's runs: starting one (and pointing at the place of an error that stops
// it), following its states, its end and its failure, and stopping it. Apart from
// training_cockpit.cpp, which makes the docks, the actions and their enable rules.

#include "training_cockpit.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>
#include <QStyle>

#include "action_spec.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/training_settings.h"
#include "convstudio/runs/project_runs.h"
#include "convstudio/runs/run_recorder.h"
#include "dataset_preview_loader.h"
#include "device_text.h"
#include "engine_text.h"
#include "queue_actions.h"
#include "training/confusion_panel.h"
#include "training/misclassified_gallery.h"
#include "training/out_of_memory_dialog.h"
#include "training/run_queue_view.h"
#include "training/runs_list.h"
#include "training/sample_preview_grid.h"
#include "training/training_charts.h"
#include "training/training_log_view.h"
#include "training/training_progress_view.h"
#include "training/training_settings_panel.h"
#include "training_controller.h"
#include "tuning_actions.h"

namespace convstudio {

bool TrainingCockpit::startTraining(const QString& resumeCheckpoint) {
  if (controller_->isRunning() || !projectOpen() || tuning_->isBusy()) return false;
  // The panel writes every edit into the project, so the project is what runs; reloading
  // first shows (and checks) exactly that.
  reloadProject();
  if (!views_.settings->blockingProblem().isEmpty()) return false;
  RunStart how;
  how.resumeCheckpoint = resumeCheckpoint;
  return startRun(host_.project(), how).ok();
}

bool TrainingCockpit::pointAt(const Error& error) {
  if (!error.block_id.empty()) {
    if (!host_.showBlock) return false;
    host_.showBlock(QString::fromStdString(error.block_id));
    return true;
  }
  // A field inside a file is the file's (a JSON path), not an editor's.
  if (!error.file.empty() || !views_.settings->editorFor(error.field)) return false;
  docks_.trainingSettings->show();
  docks_.trainingSettings->raise();
  return views_.settings->focusSetting(error.field);
}

Result<QString> TrainingCockpit::startRun(const Project& project, const RunStart& how) {
  runSettings_ = project.training;
  views_.charts->beginRun(project.training);
  const auto device = parse_device(project.training.device);
  views_.charts->setTrainingOnCpu(!device || !device->uses_cuda(devices_.cuda_available));
  QStringList rankDevices;
  if (project.training.processes > 1) {
    for (int rank = 0; rank < project.training.processes; ++rank)
      rankDevices << rankDeviceText(project.training, rank);
  }
  views_.progress->beginRun(runDevicesText(project.training), rankDevices);
  views_.confusion->clear();
  views_.gallery->clear();
  failureShown_ = false;
  // The run's progress comes to the front, wherever the user left the tabs; a queued run leaves
  // them (the user may be reading the runs' table beside the charts).
  if (how.record.queuedRun.empty()) {
    docks_.progress->show();
    docks_.progress->raise();
  }
  docks_.charts->show();
  docks_.charts->raise();
  runOwner_ = runsOwnerFile();
  shownRun_.clear();
  Result<QString> run = controller_->start(project, runOwner_, how);
  if (!run) {
    const QString message = tr("The run could not start: %1").arg(errorText(run.error()));
    views_.log->addText(LogLevel::Error, message);
    views_.progress->showOutcome(message);
    failureShown_ = true;
    // The editors show the open project, not a queued copy of it.
    if (how.record.queuedRun.empty()) pointAt(run.error());
    return run;
  }
  ownRun_ = how.record.queuedRun.empty();
  const QString folder = run.value();
  shownRun_ = QFileInfo(folder).fileName();
  if (how.continueInCheckpointFolder) {
    // Its record so far is drawn up to where it goes on.
    if (auto earlier = load_recorded_run(QFile::encodeName(folder).toStdString())) {
      views_.charts->continueRun(std::move(*earlier));
    }
  }
  const QString& checkpoint = how.resumeCheckpoint;
  QString started = checkpoint.isEmpty() ? tr("Run started in %1").arg(folder)
                                         : tr("Run resumed from %1 in %2").arg(checkpoint, folder);
  if (!how.record.queuedRun.empty()) {
    started = tr("Queued run %1: %2").arg(QString::fromStdString(how.record.label), started);
  }
  views_.log->addText(LogLevel::Info, started);
  views_.settings->setRunning(true);
  views_.progress->setPhase(TrainingProgressView::Phase::Preparing);
  updateStartAllowed();
  return run;
}

void TrainingCockpit::resumeFromCheckpoint() {
  const QString runsFolder = QFile::decodeName(
      runs_folder(QFile::encodeName(runsOwnerFile()).toStdString()).string().c_str());
  const QString checkpoint = QFileDialog::getExistingDirectory(
      host_.window, tr("Resume from Checkpoint (a *.ckpt folder)"), runsFolder);
  if (!checkpoint.isEmpty()) startTraining(checkpoint);
}

void TrainingCockpit::releaseCachedMemory() {
  // The action frees a GPU's cache: "auto" and "cuda" mean the first GPU (the engine's rule).
  const std::optional<DeviceChoice> choice =
      parse_device(views_.settings->trainingSettings().device);
  const DeviceChoice gpu{DeviceChoice::Kind::Cuda, choice ? choice->cuda_index() : 0};
  const QString result =
      TrainingController::releaseCachedMemory(QString::fromStdString(to_string(gpu)));
  views_.log->addText(LogLevel::Info, result);
  views_.progress->showMessage(result);
}

void TrainingCockpit::onStateChanged(RunState state, const QString&) {
  using Phase = TrainingProgressView::Phase;
  switch (state) {
    case RunState::Preparing:
      views_.progress->setPhase(Phase::Preparing);
      break;
    case RunState::Running:
      views_.progress->setPhase(Phase::Running);
      break;
    case RunState::Paused:
      views_.progress->setPhase(Phase::Paused);
      views_.log->addText(LogLevel::Info, tr("Paused."));
      break;
    case RunState::Stopping:
      views_.progress->setPhase(Phase::Stopping);
      break;
    case RunState::Finished:
    case RunState::Cancelled:
    case RunState::Failed:
      // The outcome line of onFinished says it in the user's language; the engine's English
      // sentence in `message` is kept in the run's own files.
      break;
  }
  updateStartAllowed();
}

void TrainingCockpit::onFailed(const RunError& error) {
  const QString message = errorText(error, error.text);
  views_.log->addText(LogLevel::Error, message);
  if (error.kind != RunErrorKind::OutOfMemory) return;
  // Window-modal and non-blocking: the run's end still arrives behind it.
  auto* dialog = new OutOfMemoryDialog(message, runSettings_, host_.window);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &QMessageBox::finished, this, [this, dialog] {
    if (!dialog->fixAccepted()) return;
    const TrainingSettings fixed = dialog->suggestedSettings();
    views_.settings->setSettings(views_.settings->datasetSettings(), fixed);
    if (host_.setSettings) host_.setSettings(views_.settings->datasetSettings(), fixed);
  });
  dialog->open();
}

void TrainingCockpit::onFinished(const RunSummary& summary, const QString& runFolder) {
  views_.settings->setRunning(false);
  views_.progress->setPhase(TrainingProgressView::Phase::Idle);
  QString outcome;
  switch (summary.state) {
    case RunState::Finished:
      // Figures that were not measured (no validation, no step timed) are left out, not 0.
      outcome = tr("Finished: %1 steps").arg(summary.steps);
      if (summary.val_accuracy) {
        outcome += tr(", validation accuracy %1%").arg(*summary.val_accuracy * 100, 0, 'f', 1);
      }
      if (summary.samples_per_second) {
        outcome += tr(", %1 samples/s").arg(*summary.samples_per_second, 0, 'f', 0);
      }
      if (summary.compute.utilisation) {
        outcome += tr(", %1% of the device's peak FLOP/s")
                       .arg(*summary.compute.utilisation * 100, 0, 'f', 1);
      }
      if (summary.loss_scaling.skipped_steps > 0) {
        outcome += tr(", %1 fp16 steps skipped").arg(summary.loss_scaling.skipped_steps);
      }
      outcome += QLatin1Char('.');
      break;
    case RunState::Cancelled:
      outcome = tr("Stopped after %1 steps; checkpoint %2")
                    .arg(summary.steps)
                    .arg(QString::fromStdString(summary.checkpoints.last));
      break;
    default:
      outcome = tr("Failed: %1")
                    .arg(summary.error ? errorText(*summary.error, summary.error->text)
                                       : tr("unknown error"));
      break;
  }
  views_.progress->showOutcome(outcome);
  failureShown_ = summary.state == RunState::Failed;
  // Once the editors are editable again (setRunning above); a queued copy's settings are not the
  // ones the editors show.
  if (failureShown_ && summary.error && ownRun_) pointAt(*summary.error);
  views_.log->addText(
      summary.state == RunState::Failed ? LogLevel::Error : LogLevel::Info,
      outcome + QStringLiteral(" (") + QDir::toNativeSeparators(runFolder) + QStringLiteral(")"));
  carryFinishedRun(runFolder);
  views_.runs->reload();
  updateStartAllowed();
  emit runRecorded(runFolder);
}

void TrainingCockpit::carryFinishedRun(const QString& runFolder) {
  const QString owner = runsOwnerFile();
  if (owner.isEmpty() || owner == runOwner_ || runFolder.isEmpty()) return;
  // An unsaved project's place has no file of its own: its run moves. A saved project keeps
  // its file, and a copy of the run stays with it.
  const CarryMode mode = QFileInfo::exists(runOwner_) ? CarryMode::Copy : CarryMode::Move;
  const CarriedRuns carried = carry_run(QFile::encodeName(runFolder).toStdString(),
                                        QFile::encodeName(owner).toStdString(), mode);
  if (carried.error) views_.log->addText(LogLevel::Warning, engineText(*carried.error));
}

bool TrainingCockpit::confirmStop(QWidget* parent) {
  // A queued run is stopped so that it resumes at the next start; the queue asks about it.
  if (!queue_->runner()->activeEntry().isEmpty()) return queue_->confirmStop(parent);
  return controller_->confirmStop(parent);
}

}  // namespace convstudio
