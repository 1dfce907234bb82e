#include "training_cockpit.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>

#include "convstudio/model/shape_inference.h"
#include "dataset_preview_loader.h"
#include "training/confusion_matrix_view.h"
#include "training/misclassified_gallery.h"
#include "training/out_of_memory_dialog.h"
#include "training/runs_list.h"
#include "training/sample_preview_grid.h"
#include "training/training_charts.h"
#include "training/training_log_view.h"
#include "training/training_progress_view.h"
#include "training/training_settings_panel.h"
#include "training_controller.h"

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

  QDockWidget* settingsDock =
      addDock(settings_, tr("Training Settings"), "trainingSettingsDock", Qt::RightDockWidgetArea);
  QDockWidget* runsDock = addDock(runs_, tr("Runs"), "runsDock", Qt::RightDockWidgetArea);
  QDockWidget* chartsDock =
      addDock(charts_, tr("Training Charts"), "trainingChartsDock", Qt::BottomDockWidgetArea);
  QDockWidget* progressDock =
      addDock(progress_, tr("Training"), "trainingProgressDock", Qt::BottomDockWidgetArea);
  QDockWidget* logDock =
      addDock(log_, tr("Training Log"), "trainingLogDock", Qt::BottomDockWidgetArea);
  QDockWidget* confusionDock =
      addDock(confusion_, tr("Confusion Matrix"), "confusionMatrixDock", Qt::BottomDockWidgetArea);
  QDockWidget* galleryDock =
      addDock(gallery_, tr("Misclassified"), "misclassifiedDock", Qt::BottomDockWidgetArea);

  // Charts widest at the bottom, run control beside them with the log and the evaluation views
  // as tabs: side by side they would make the window wider than a laptop screen. Split first,
  // then tabify: tabifying first would pull the split dock into the tabs.
  w->tabifyDockWidget(settingsDock, runsDock);
  settingsDock->raise();
  w->splitDockWidget(chartsDock, progressDock, Qt::Horizontal);
  w->tabifyDockWidget(progressDock, logDock);
  w->tabifyDockWidget(progressDock, confusionDock);
  w->tabifyDockWidget(progressDock, galleryDock);
  progressDock->raise();
  arrangeDocks();

  if (w->statusBar()) {
    statusLabel_ = new QLabel(w);
    statusLabel_->setObjectName(QStringLiteral("trainingStatusBar"));
    // A long status must be cut, not widen the window.
    statusLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    w->statusBar()->addWidget(statusLabel_, 1);
  }
}

void TrainingCockpit::arrangeDocks() {
  const auto dock = [this](const char* name) {
    return host_.window->findChild<QDockWidget*>(QLatin1String(name));
  };
  QMainWindow* w = host_.window;
  w->resizeDocks({dock("trainingChartsDock"), dock("trainingProgressDock")}, {1000, 420},
                 Qt::Horizontal);
  w->resizeDocks({dock("trainingChartsDock")}, {400}, Qt::Vertical);
  w->resizeDocks({dock("trainingSettingsDock")}, {400}, Qt::Horizontal);
}

void TrainingCockpit::createActions() {
  start_ = new QAction(tr("Start Training"), this);
  pause_ = new QAction(tr("Pause Training"), this);
  stop_ = new QAction(tr("Stop Training"), this);
  resumeCheckpoint_ = new QAction(tr("Resume from Checkpoint…"), this);
  release_ = new QAction(tr("Release Cached GPU Memory"), this);
  release_->setEnabled(devices_.cuda_available);
  runActions_ = {start_, pause_, stop_, resumeCheckpoint_, release_};

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

QString TrainingCockpit::runsOwnerFile() const {
  return TrainingController::runsOwnerFile(host_.projectFile ? host_.projectFile() : QString());
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
  runs_->setProjectFile(runsOwnerFile());
  updateStartAllowed();
}

void TrainingCockpit::updateStartAllowed() {
  const QString blocked = settings_->blockingProblem();
  progress_->setStartBlocked(blocked);
  const bool idle = !controller_->isRunning();
  start_->setEnabled(idle && blocked.isEmpty());
  resumeCheckpoint_->setEnabled(idle && blocked.isEmpty());
  pause_->setEnabled(!idle);
  pause_->setText(controller_->isPaused() ? tr("Resume Training") : tr("Pause Training"));
  stop_->setEnabled(!idle);
}

bool TrainingCockpit::startTraining(const QString& resumeCheckpoint) {
  if (controller_->isRunning() || !host_.project) return false;
  // The panel writes every edit into the project, so the project is what runs; reloading
  // first shows (and checks) exactly that.
  reloadProject();
  if (!settings_->blockingProblem().isEmpty()) return false;
  const Project project = host_.project();
  runSettings_ = project.training;
  charts_->beginRun(project.training);
  progress_->beginRun(QString::fromStdString(project.training.device));
  confusion_->clear();
  gallery_->clear();
  QString error;
  const QString projectFile = host_.projectFile ? host_.projectFile() : QString();
  if (!controller_->start(project, projectFile, resumeCheckpoint, &error)) {
    log_->addText(LogLevel::Error, error);
    progress_->showOutcome(error);
    return false;
  }
  log_->addText(
      LogLevel::Info,
      resumeCheckpoint.isEmpty()
          ? tr("Run started in %1").arg(controller_->runFolder())
          : tr("Run resumed from %1 in %2").arg(resumeCheckpoint, controller_->runFolder()));
  settings_->setRunning(true);
  progress_->setPhase(TrainingProgressView::Phase::Preparing);
  updateStartAllowed();
  return true;
}

void TrainingCockpit::resumeFromCheckpoint() {
  const QString runsFolder = runsOwnerFile() + QStringLiteral(".runs");
  const QString checkpoint = QFileDialog::getExistingDirectory(
      host_.window, tr("Resume from Checkpoint (a *.ckpt folder)"), runsFolder);
  if (!checkpoint.isEmpty()) startTraining(checkpoint);
}

void TrainingCockpit::releaseCachedMemory() {
  std::string device = settings_->trainingSettings().device;
  if (device.rfind("cuda:", 0) != 0) device = "cuda:0";  // auto and cuda mean the first GPU
  const QString result = TrainingController::releaseCachedMemory(QString::fromStdString(device));
  log_->addText(LogLevel::Info, result);
  progress_->showMessage(result);
}

void TrainingCockpit::onStateChanged(RunState state, const QString& message) {
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
      if (!message.isEmpty()) log_->addText(LogLevel::Info, message);
      break;
  }
  updateStartAllowed();
}

void TrainingCockpit::onFailed(const RunError& error) {
  const QString message = QString::fromStdString(error.describe());
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
      outcome = tr("Finished: %1 steps, validation accuracy %2%, %3 samples/s.")
                    .arg(summary.steps)
                    .arg(summary.val_accuracy * 100, 0, 'f', 1)
                    .arg(summary.samples_per_second, 0, 'f', 0);
      break;
    case RunState::Cancelled:
      outcome = tr("Stopped after %1 steps; checkpoint %2")
                    .arg(summary.steps)
                    .arg(QString::fromStdString(summary.last_checkpoint));
      break;
    default:
      outcome = tr("Failed: %1")
                    .arg(summary.error ? QString::fromStdString(summary.error->describe())
                                       : tr("unknown error"));
      break;
  }
  progress_->showOutcome(outcome);
  log_->addText(
      summary.state == RunState::Failed ? LogLevel::Error : LogLevel::Info,
      outcome + QStringLiteral(" (") + QDir::toNativeSeparators(runFolder) + QStringLiteral(")"));
  runs_->reload();
  updateStartAllowed();
}

bool TrainingCockpit::confirmStop(QWidget* parent) {
  return controller_->confirmStop(parent);
}

}  // namespace convstudio
