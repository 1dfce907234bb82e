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

#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/training_settings.h"
#include "convstudio/runs/project_runs.h"
#include "convstudio/runs/run_recorder.h"
#include "dataset_preview_loader.h"
#include "device_text.h"
#include "engine_text.h"
#include "queue_actions.h"
#include "training/confusion_matrix_view.h"
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

TrainingCockpit::TrainingCockpit(TrainingCockpitHost host, const DeviceReport& devices,
                                 QObject* parent)
    : QObject(parent), host_(std::move(host)), devices_(devices) {
  controller_ = new TrainingController(this);
  previewLoader_ = new DatasetPreviewLoader(this);
  createDocks();
  createActions();
  connectController();
  settings_->setDevices(devices_);
  progress_->setGpuPresent(devices_.cuda_available);
  reloadProject();
}

QDockWidget* TrainingCockpit::addDock(QWidget* panel, const QString& title, const char* objectName,
                                      Qt::DockWidgetArea area) {
  QDockWidget* dock = nullptr;
  if (host_.addDock) {
    dock = host_.addDock(panel, title, QLatin1String(objectName), area);
  } else {
    dock = new QDockWidget(title, host_.window);
    dock->setObjectName(QLatin1String(objectName));
    dock->setWidget(panel);
    host_.window->addDockWidget(area, dock);
    if (host_.viewMenu) host_.viewMenu->addAction(dock->toggleViewAction());
  }
  docks_ << dock;
  return dock;
}

void TrainingCockpit::createDocks() {
  QMainWindow* w = host_.window;
  settings_ = new TrainingSettingsPanel(w);
  charts_ = new TrainingCharts(w);
  progress_ = new TrainingProgressView(w);
  log_ = new TrainingLogView(w);
  confusion_ = new ConfusionMatrixView(w);
  gallery_ = new MisclassifiedGallery(w);
  runs_ = new RunsList(w);
  QueueHost queueHost;
  queueHost.window = w;
  queueHost.project = host_.project;
  queue_ = new QueueActions(
      std::move(queueHost), controller_,
      [this](const Project& project, const RunStart& how) -> Result<RunQueueRunner::Start> {
        // A finder measuring holds the queue back (not a failure); it goes on after.
        if (!projectOpen() || tuning_->isBusy()) return RunQueueRunner::Start::HeldBack;
        Result<QString> started = startRun(project, how);
        if (!started) return started.error();
        return RunQueueRunner::Start::Started;
      },
      this);

  settingsDock_ =
      addDock(settings_, tr("Training"), "trainingSettingsDock", Qt::RightDockWidgetArea);
  settingsDock_->setToolTip(tr("Training settings: data, run and optimizer"));
  queueDock_ = addDock(queue_->view(), tr("Queue"), "runQueueDock", Qt::RightDockWidgetArea);
  queueDock_->setToolTip(tr("Runs waiting to train one after another, and sweeps"));
  // The comparison table is wide and read beside the charts it overlays.
  runsDock_ = addDock(runs_, tr("Runs"), "runsDock", Qt::BottomDockWidgetArea);
  chartsDock_ = addDock(charts_, tr("Charts"), "trainingChartsDock", Qt::BottomDockWidgetArea);
  progressDock_ =
      addDock(progress_, tr("Progress"), "trainingProgressDock", Qt::BottomDockWidgetArea);
  logDock_ = addDock(log_, tr("Log"), "trainingLogDock", Qt::BottomDockWidgetArea);
  confusionDock_ =
      addDock(confusion_, tr("Confusion Matrix"), "confusionMatrixDock", Qt::BottomDockWidgetArea);
  galleryDock_ =
      addDock(gallery_, tr("Misclassified"), "misclassifiedDock", Qt::BottomDockWidgetArea);

  // Where each dock goes and how big it is: the window's default layout (default_dock_layout.h).

  if (w->statusBar()) {
    statusLabel_ = new QLabel(w);
    statusLabel_->setObjectName(QStringLiteral("trainingStatusBar"));
    // A long status must be cut, not widen the window.
    statusLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    w->statusBar()->addWidget(statusLabel_, 1);
    // Why Train, Queue and Sweep are disabled, where the user looks (not only in a tooltip).
    blockedLabel_ = new QLabel(w);
    blockedLabel_->setObjectName(QStringLiteral("trainingBlockedStatus"));
    blockedLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    blockedLabel_->hide();
    w->statusBar()->addWidget(blockedLabel_, 1);
  }
}

void TrainingCockpit::createActions() {
  start_ = new QAction(tr("Start Training"), this);
  start_->setObjectName(QStringLiteral("startTrainingAction"));
  start_->setIconText(tr("Train"));
  start_->setShortcut(QKeySequence(Qt::Key_F5));
  pause_ = new QAction(tr("Pause Training"), this);
  pause_->setObjectName(QStringLiteral("pauseTrainingAction"));
  pause_->setIconText(tr("Pause"));
  stop_ = new QAction(tr("Stop Training"), this);
  stop_->setObjectName(QStringLiteral("stopTrainingAction"));
  stop_->setIconText(tr("Stop"));
  stop_->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
  if (host_.window) {
    QStyle* style = host_.window->style();
    start_->setIcon(style->standardIcon(QStyle::SP_MediaPlay));
    pause_->setIcon(style->standardIcon(QStyle::SP_MediaPause));
    stop_->setIcon(style->standardIcon(QStyle::SP_MediaStop));
  }
  resumeCheckpoint_ = new QAction(tr("Resume from Checkpoint…"), this);
  release_ = new QAction(tr("Release Cached GPU Memory"), this);
  release_->setEnabled(devices_.cuda_available);
  TuningHost tuning;
  tuning.window = host_.window;
  tuning.project = host_.project;
  tuning.canStart = [this] { return projectOpen() && !controller_->isRunning(); };
  tuning.startWeights = [this] {
    // The weights a run would start from (ProjectFile::weights_file, as the controller uses).
    const std::string owner = QFile::encodeName(runsOwnerFile()).toStdString();
    return QFile::decodeName(ProjectFile::weights_file(host_.project(), owner).string().c_str());
  };
  tuning.setTraining = [this](const TrainingSettings& training) {
    if (host_.setSettings) host_.setSettings(settings_->datasetSettings(), training);
  };
  tuning_ = new TuningActions(std::move(tuning), this);
  connect(tuning_, &TuningActions::busyChanged, this, &TrainingCockpit::updateStartAllowed);
  connect(tuning_, &TuningActions::busyChanged, queue_->runner(), &RunQueueRunner::startNext);
  connect(queue_->runner(), &RunQueueRunner::problem, this,
          [this](const QString& problem) { log_->addText(LogLevel::Warning, problem); });
  connect(settings_, &TrainingSettingsPanel::batchSizeFinderRequested, tuning_,
          &TuningActions::findBatchSize);
  auto* separator = new QAction(this);
  separator->setSeparator(true);
  auto* queueSeparator = new QAction(this);
  queueSeparator->setSeparator(true);
  runActions_ = {start_,
                 pause_,
                 stop_,
                 resumeCheckpoint_,
                 release_,
                 separator,
                 tuning_->findLearningRateAction(),
                 queueSeparator};
  runActions_ << queue_->actions();

  connect(start_, &QAction::triggered, this, [this] { startTraining(); });
  connect(pause_, &QAction::triggered, this, [this] {
    if (controller_->isPaused()) {
      controller_->resume();
    } else {
      controller_->pause();
    }
  });
  connect(stop_, &QAction::triggered, controller_, &TrainingController::stop);
  connect(resumeCheckpoint_, &QAction::triggered, this, &TrainingCockpit::resumeFromCheckpoint);
  connect(release_, &QAction::triggered, this, &TrainingCockpit::releaseCachedMemory);

  connect(progress_, &TrainingProgressView::startRequested, start_, &QAction::trigger);
  connect(progress_, &TrainingProgressView::pauseRequested, controller_,
          &TrainingController::pause);
  connect(progress_, &TrainingProgressView::resumeRequested, controller_,
          &TrainingController::resume);
  connect(progress_, &TrainingProgressView::stopRequested, controller_, &TrainingController::stop);
  connect(progress_, &TrainingProgressView::resumeFromCheckpointRequested, this,
          &TrainingCockpit::resumeFromCheckpoint);
  connect(progress_, &TrainingProgressView::releaseMemoryRequested, this,
          &TrainingCockpit::releaseCachedMemory);
  if (statusLabel_) {
    connect(progress_, &TrainingProgressView::statusChanged, statusLabel_, &QLabel::setText);
  }

  connect(settings_, &TrainingSettingsPanel::settingsEdited, this,
          [this](const DatasetSettings& dataset, const TrainingSettings& training) {
            if (host_.setSettings) host_.setSettings(dataset, training);
          });
  connect(settings_, &TrainingSettingsPanel::problemsChanged, this,
          &TrainingCockpit::updateStartAllowed);
  connect(settings_, &TrainingSettingsPanel::previewRequested, this,
          [this](DatasetSettings dataset, quint64 seed) {
            // The images are fitted to the Input block's shape, as training fits them.
            const TensorShape input = host_.project
                                          ? ShapeInference::run(host_.project().graph).input_shape
                                          : TensorShape();
            if (input.is_image()) {
              dataset.input_channels = input.channels();
              dataset.input_height = input.height();
              dataset.input_width = input.width();
            }
            previewLoader_->request(dataset, seed, SamplePreviewGrid::wantedCount());
          });
  connect(previewLoader_, &DatasetPreviewLoader::previewReady, settings_->preview(),
          &SamplePreviewGrid::showSamples);
  connect(previewLoader_, &DatasetPreviewLoader::previewFailed, settings_->preview(),
          &SamplePreviewGrid::showProblem);
  connect(previewLoader_, &DatasetPreviewLoader::scanProgress, settings_->preview(),
          &SamplePreviewGrid::showScanProgress);
  connect(previewLoader_, &DatasetPreviewLoader::datasetSummarized, settings_->preview(),
          &SamplePreviewGrid::showDatasetSummary);
  connect(settings_->preview(), &SamplePreviewGrid::scanCancelRequested, previewLoader_,
          &DatasetPreviewLoader::cancelScan);
  connect(runs_, &RunsList::overlaysChanged, charts_, &TrainingCharts::setOverlays);
}

void TrainingCockpit::connectController() {
  TrainingController* c = controller_;
  connect(c, &TrainingController::stepped, charts_, &TrainingCharts::addStep);
  connect(c, &TrainingController::stepped, progress_, &TrainingProgressView::showStep);
  connect(c, &TrainingController::epochEnded, charts_, &TrainingCharts::addEpoch);
  connect(c, &TrainingController::epochEnded, confusion_, &ConfusionMatrixView::showEpoch);
  connect(c, &TrainingController::epochEnded, gallery_, &MisclassifiedGallery::showEpoch);
  connect(c, &TrainingController::logged, log_, &TrainingLogView::addLine);
  connect(c, &TrainingController::stateChanged, this, &TrainingCockpit::onStateChanged);
  connect(c, &TrainingController::failed, this, &TrainingCockpit::onFailed);
  connect(c, &TrainingController::finished, this, &TrainingCockpit::onFinished);
}

bool TrainingCockpit::projectOpen() const {
  return host_.project && (!host_.isOpen || host_.isOpen());
}

QString TrainingCockpit::runsOwnerFile() const {
  return projectOpen() && host_.runsOwner ? host_.runsOwner() : QString();
}

void TrainingCockpit::reloadProject() {
  if (!host_.project) return;
  const Project project = host_.project();
  // Our own edits come back through the host; only settings changed elsewhere are reloaded,
  // so a field being edited keeps its cursor.
  if (!(project.dataset == settings_->datasetSettings()) ||
      !(project.training == settings_->trainingSettings())) {
    settings_->setSettings(project.dataset, project.training);
  }
  const QString owner = runsOwnerFile();
  if (owner != shownOwner_) {
    shownOwner_ = owner;
    runs_->setProjectFile(owner);
    queue_->runner()->setProjectFile(owner);
    // A project saved under a new name keeps what it shows: its runs came along, the newest
    // under the same name.
    const std::vector<RecordedRun>& runs = runs_->runs();
    const QString newest = runs.empty() ? QString() : QString::fromStdString(runs.front().name);
    if (!controller_->isRunning() && (newest != shownRun_ || newest.isEmpty())) showLastRun();
  }
  updateStartAllowed();
}

void TrainingCockpit::showLastRun() {
  charts_->beginRun(settings_->trainingSettings());
  confusion_->clear();
  gallery_->clear();
  failureShown_ = false;
  shownRun_.clear();
  progress_->beginRun(QString());
  const std::vector<RecordedRun>& runs = runs_->runs();
  if (runs.empty()) {
    progress_->showMessage(projectOpen() ? tr("Ready.") : QString());
    return;
  }
  const RecordedRun& last = runs.front();
  shownRun_ = QString::fromStdString(last.name);
  charts_->showRecordedRun(last);
  for (auto epoch = last.epochs.rbegin(); epoch != last.epochs.rend(); ++epoch) {
    if (epoch->confusion.empty()) continue;
    EpochMetrics metrics;
    metrics.epoch = epoch->epoch;
    metrics.confusion = epoch->confusion;
    metrics.class_names = epoch->class_names;
    metrics.val_accuracy = epoch->val_accuracy;
    confusion_->showEpoch(metrics);
    break;
  }
  QString outcome =
      tr("Last run %1: %2").arg(QString::fromStdString(last.name), RunsList::stateText(last.state));
  if (!last.epochs.empty()) {
    outcome +=
        tr(", validation accuracy %1%").arg(last.epochs.back().val_accuracy * 100, 0, 'f', 1);
  }
  progress_->showMessage(outcome);
}

void TrainingCockpit::clearStaleFailure() {
  if (!failureShown_ || controller_->isRunning()) return;
  failureShown_ = false;
  progress_->showMessage(tr("Ready."));
}

void TrainingCockpit::updateStartAllowed() {
  const QString blocked =
      projectOpen() ? settings_->blockingProblem() : tr("Open or create a project first.");
  const bool idle = !controller_->isRunning();
  // A finder and a run would compete for the same device.
  const bool tuning = tuning_ != nullptr && tuning_->isBusy();
  if (tuning_) tuning_->updateEnabled();
  const QString why =
      tuning && blocked.isEmpty() ? tr("A finder is running; train once it is done.") : blocked;
  progress_->setStartBlocked(why);
  start_->setEnabled(idle && blocked.isEmpty() && !tuning);
  start_->setToolTip(blocked.isEmpty() ? tr("Train the model with these settings (F5)") : blocked);
  resumeCheckpoint_->setEnabled(idle && blocked.isEmpty());
  pause_->setEnabled(!idle && progress_->pauseOffered());
  const bool paused = controller_->isPaused();
  pause_->setText(paused ? tr("Resume Training") : tr("Pause Training"));
  pause_->setIconText(paused ? tr("Resume") : tr("Pause"));
  stop_->setEnabled(!idle);
  queue_->view()->setQueueingAllowed(projectOpen() && blocked.isEmpty(), blocked);
  if (blockedLabel_) {
    // Said where the user looks, not only in a tooltip; the start page needs no reason.
    const bool shown = projectOpen() && idle && !why.isEmpty();
    blockedLabel_->setText(shown ? tr("Cannot train: %1").arg(why) : QString());
    // In the settings' error colour; a finder at work is no error.
    blockedLabel_->setStyleSheet(blocked.isEmpty() ? QString() : QStringLiteral("color: #c00000;"));
    blockedLabel_->setVisible(shown);
    // "Ready." beside it would contradict it; the run's status stays in the Progress dock.
    if (statusLabel_) statusLabel_->setVisible(!shown);
  }
}

bool TrainingCockpit::startTraining(const QString& resumeCheckpoint) {
  if (controller_->isRunning() || !projectOpen() || tuning_->isBusy()) return false;
  // The panel writes every edit into the project, so the project is what runs; reloading
  // first shows (and checks) exactly that.
  reloadProject();
  if (!settings_->blockingProblem().isEmpty()) return false;
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
  if (!error.file.empty() || !settings_->editorFor(error.field)) return false;
  settingsDock_->show();
  settingsDock_->raise();
  return settings_->focusSetting(error.field);
}

Result<QString> TrainingCockpit::startRun(const Project& project, const RunStart& how) {
  runSettings_ = project.training;
  charts_->beginRun(project.training);
  QStringList rankDevices;
  if (project.training.processes > 1) {
    for (int rank = 0; rank < project.training.processes; ++rank)
      rankDevices << rankDeviceText(project.training, rank);
  }
  progress_->beginRun(runDevicesText(project.training), rankDevices);
  confusion_->clear();
  gallery_->clear();
  failureShown_ = false;
  // The run's progress comes to the front, wherever the user left the tabs; a queued run leaves
  // them (the user may be reading the runs' table beside the charts).
  if (how.record.queuedRun.empty()) {
    progressDock_->show();
    progressDock_->raise();
  }
  chartsDock_->show();
  chartsDock_->raise();
  runOwner_ = runsOwnerFile();
  shownRun_.clear();
  Result<QString> run = controller_->start(project, runOwner_, how);
  if (!run) {
    const QString message = tr("The run could not start: %1").arg(errorText(run.error()));
    log_->addText(LogLevel::Error, message);
    progress_->showOutcome(message);
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
      charts_->continueRun(std::move(*earlier));
    }
  }
  const QString& checkpoint = how.resumeCheckpoint;
  QString started = checkpoint.isEmpty() ? tr("Run started in %1").arg(folder)
                                         : tr("Run resumed from %1 in %2").arg(checkpoint, folder);
  if (!how.record.queuedRun.empty()) {
    started = tr("Queued run %1: %2").arg(QString::fromStdString(how.record.label), started);
  }
  log_->addText(LogLevel::Info, started);
  settings_->setRunning(true);
  progress_->setPhase(TrainingProgressView::Phase::Preparing);
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
  const std::optional<DeviceChoice> choice = parse_device(settings_->trainingSettings().device);
  const DeviceChoice gpu{DeviceChoice::Kind::Cuda, choice ? choice->cuda_index() : 0};
  const QString result =
      TrainingController::releaseCachedMemory(QString::fromStdString(to_string(gpu)));
  log_->addText(LogLevel::Info, result);
  progress_->showMessage(result);
}

void TrainingCockpit::onStateChanged(RunState state, const QString&) {
  using Phase = TrainingProgressView::Phase;
  switch (state) {
    case RunState::Preparing:
      progress_->setPhase(Phase::Preparing);
      break;
    case RunState::Running:
      progress_->setPhase(Phase::Running);
      break;
    case RunState::Paused:
      progress_->setPhase(Phase::Paused);
      log_->addText(LogLevel::Info, tr("Paused."));
      break;
    case RunState::Stopping:
      progress_->setPhase(Phase::Stopping);
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
  log_->addText(LogLevel::Error, message);
  if (error.kind != RunErrorKind::OutOfMemory) return;
  // Window-modal and non-blocking: the run's end still arrives behind it.
  auto* dialog = new OutOfMemoryDialog(message, runSettings_, host_.window);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &QMessageBox::finished, this, [this, dialog] {
    if (!dialog->fixAccepted()) return;
    const TrainingSettings fixed = dialog->suggestedSettings();
    settings_->setSettings(settings_->datasetSettings(), fixed);
    if (host_.setSettings) host_.setSettings(settings_->datasetSettings(), fixed);
  });
  dialog->open();
}

void TrainingCockpit::onFinished(const RunSummary& summary, const QString& runFolder) {
  settings_->setRunning(false);
  progress_->setPhase(TrainingProgressView::Phase::Idle);
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
      if (summary.utilisation) {
        outcome +=
            tr(", %1% of the device's peak FLOP/s").arg(*summary.utilisation * 100, 0, 'f', 1);
      }
      if (summary.skipped_steps > 0) {
        outcome += tr(", %1 fp16 steps skipped").arg(summary.skipped_steps);
      }
      outcome += QLatin1Char('.');
      break;
    case RunState::Cancelled:
      outcome = tr("Stopped after %1 steps; checkpoint %2")
                    .arg(summary.steps)
                    .arg(QString::fromStdString(summary.last_checkpoint));
      break;
    default:
      outcome = tr("Failed: %1")
                    .arg(summary.error ? errorText(*summary.error, summary.error->text)
                                       : tr("unknown error"));
      break;
  }
  progress_->showOutcome(outcome);
  failureShown_ = summary.state == RunState::Failed;
  // Once the editors are editable again (setRunning above); a queued copy's settings are not the
  // ones the editors show.
  if (failureShown_ && summary.error && ownRun_) pointAt(*summary.error);
  log_->addText(
      summary.state == RunState::Failed ? LogLevel::Error : LogLevel::Info,
      outcome + QStringLiteral(" (") + QDir::toNativeSeparators(runFolder) + QStringLiteral(")"));
  carryFinishedRun(runFolder);
  runs_->reload();
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
  if (carried.error) log_->addText(LogLevel::Warning, engineText(*carried.error));
}

bool TrainingCockpit::confirmStop(QWidget* parent) {
  // A queued run is stopped so that it resumes at the next start; the queue asks about it.
  if (!queue_->runner()->activeEntry().isEmpty()) return queue_->confirmStop(parent);
  return controller_->confirmStop(parent);
}

}  // namespace convstudio
