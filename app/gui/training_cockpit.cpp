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
#include "training/dataset_statistics_view.h"
#include "training/misclassified_gallery.h"
#include "training/misclassified_panel.h"
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
  views_.settings->setDevices(devices_);
  views_.progress->setGpuPresent(devices_.cuda_available);
  reloadProject();
}

struct TrainingCockpit::DockRow {
  QWidget* panel;
  QString title;
  const char* objectName;
  Qt::DockWidgetArea area;
  QString toolTip;
  QDockWidget* StudioDocks::*place;  // where the default layout finds it
};

// What decides which run actions are enabled (updateStartAllowed).
struct TrainingCockpit::RunGate {
  bool idle = true;           // no run is going
  bool startable = false;     // a project is open and nothing blocks a start
  bool tuning = false;        // a finder is measuring: it and a run would compete for the device
  bool pauseOffered = false;  // the run can pause (a single process)
  bool cuda = false;
};

struct TrainingCockpit::RunActionRow {
  ActionSpec spec;
  bool (*enabledWhen)(const RunGate&);
};

std::vector<TrainingCockpit::DockRow> TrainingCockpit::dockTable() {
  using SD = StudioDocks;
  const auto right = Qt::RightDockWidgetArea;
  const auto bottom = Qt::BottomDockWidgetArea;
  // Where each dock goes and how big it is: the window's default layout (default_dock_layout.h).
  return {
      {views_.settings, tr("Training"), "trainingSettingsDock", right,
       tr("Training settings: data, run and optimizer"), &SD::trainingSettings},
      {queue_->view(), tr("Queue"), "runQueueDock", right,
       tr("Runs waiting to train one after another, and sweeps"), &SD::queue},
      // The comparison table is wide and read beside the charts it overlays.
      {views_.runs, tr("Runs"), "runsDock", bottom, {}, &SD::runs},
      {views_.charts, tr("Charts"), "trainingChartsDock", bottom, {}, &SD::charts},
      {views_.progress, tr("Progress"), "trainingProgressDock", bottom, {}, &SD::progress},
      {views_.log, tr("Log"), "trainingLogDock", bottom, {}, &SD::log},
      {views_.confusion, tr("Confusion Matrix"), "confusionMatrixDock", bottom, {}, &SD::confusion},
      {views_.galleryPanel, tr("Misclassified"), "misclassifiedDock", bottom, {}, &SD::gallery},
  };
}

std::array<TrainingCockpit::RunActionRow, TrainingCockpit::RunActionCount>
TrainingCockpit::runActionTable() {
  QStyle* style = host_.window ? host_.window->style() : nullptr;
  const auto icon = [style](QStyle::StandardPixmap pixmap) {
    return style ? style->standardIcon(pixmap) : QIcon();
  };
  // In RunAction's order. Pause's text follows the run (Pause/Resume, updateStartAllowed).
  return {{
      {{.text = tr("Start Training"),
        .shortcut = QKeySequence(Qt::Key_F5),
        .objectName = "startTrainingAction",
        .iconText = tr("Train"),
        .icon = icon(QStyle::SP_MediaPlay),
        .triggered = [this] { startTraining(); }},
       [](const RunGate& g) { return g.idle && g.startable && !g.tuning; }},
      {{.text = tr("Pause Training"),
        .objectName = "pauseTrainingAction",
        .iconText = tr("Pause"),
        .icon = icon(QStyle::SP_MediaPause),
        .triggered =
            [this] { controller_->isPaused() ? controller_->resume() : controller_->pause(); }},
       [](const RunGate& g) { return !g.idle && g.pauseOffered; }},
      {{.text = tr("Stop Training"),
        .shortcut = QKeySequence(Qt::SHIFT | Qt::Key_F5),
        .objectName = "stopTrainingAction",
        .iconText = tr("Stop"),
        .icon = icon(QStyle::SP_MediaStop),
        .triggered = [this] { controller_->stop(); }},
       [](const RunGate& g) { return !g.idle; }},
      {{.text = tr("Resume from Checkpoint…"), .triggered = [this] { resumeFromCheckpoint(); }},
       [](const RunGate& g) { return g.idle && g.startable; }},
      {{.text = tr("Release Cached GPU Memory"), .triggered = [this] { releaseCachedMemory(); }},
       [](const RunGate& g) { return g.cuda; }},
  }};
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
  dockList_ << dock;
  return dock;
}

void TrainingCockpit::createDocks() {
  QMainWindow* w = host_.window;
  views_.settings = new TrainingSettingsPanel(w);
  views_.charts = new TrainingCharts(w);
  views_.progress = new TrainingProgressView(w);
  views_.log = new TrainingLogView(w);
  views_.confusion = new ConfusionPanel(w);
  views_.gallery = new MisclassifiedGallery(w);
  views_.galleryPanel = new MisclassifiedPanel(views_.gallery, w);
  views_.runs = new RunsList(w);
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

  for (const DockRow& row : dockTable()) {
    QDockWidget* dock = addDock(row.panel, row.title, row.objectName, row.area);
    if (!row.toolTip.isEmpty()) dock->setToolTip(row.toolTip);
    docks_.*row.place = dock;
  }

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
  const auto table = runActionTable();
  for (int i = 0; i < RunActionCount; ++i) actions_[i] = makeAction(table[i].spec, this);
  createTuning();
  auto* separator = new QAction(this);
  separator->setSeparator(true);
  auto* queueSeparator = new QAction(this);
  queueSeparator->setSeparator(true);
  runActions_ = {actions_[Start],
                 actions_[Pause],
                 actions_[Stop],
                 actions_[ResumeCheckpoint],
                 actions_[Release],
                 separator,
                 tuning_->findLearningRateAction(),
                 tuning_->profileAction(),
                 queueSeparator};
  runActions_ << queue_->actions();
  connectViews();
  connectStudies();
  connectPreview();
}

void TrainingCockpit::createTuning() {
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
    if (host_.setSettings) host_.setSettings(views_.settings->datasetSettings(), training);
  };
  tuning_ = new TuningActions(std::move(tuning), this);
  connect(tuning_, &TuningActions::busyChanged, this, &TrainingCockpit::updateStartAllowed);
  connect(tuning_, &TuningActions::busyChanged, queue_->runner(), &RunQueueRunner::startNext);
  connect(queue_->runner(), &RunQueueRunner::problem, this,
          [this](const QString& problem) { views_.log->addText(LogLevel::Warning, problem); });
  connect(views_.settings, &TrainingSettingsPanel::batchSizeFinderRequested, tuning_,
          &TuningActions::findBatchSize);
}

void TrainingCockpit::connectViews() {
  TrainingProgressView* progress = views_.progress;
  connect(progress, &TrainingProgressView::startRequested, actions_[Start], &QAction::trigger);
  connect(progress, &TrainingProgressView::pauseRequested, controller_, &TrainingController::pause);
  connect(progress, &TrainingProgressView::resumeRequested, controller_,
          &TrainingController::resume);
  connect(progress, &TrainingProgressView::stopRequested, controller_, &TrainingController::stop);
  connect(progress, &TrainingProgressView::resumeFromCheckpointRequested, this,
          &TrainingCockpit::resumeFromCheckpoint);
  connect(progress, &TrainingProgressView::releaseMemoryRequested, this,
          &TrainingCockpit::releaseCachedMemory);
  if (statusLabel_) {
    connect(progress, &TrainingProgressView::statusChanged, statusLabel_, &QLabel::setText);
  }
  connect(views_.settings, &TrainingSettingsPanel::settingsEdited, this,
          [this](const DatasetSettings& dataset, const TrainingSettings& training) {
            if (host_.setSettings) host_.setSettings(dataset, training);
          });
  connect(views_.settings, &TrainingSettingsPanel::problemsChanged, this,
          &TrainingCockpit::updateStartAllowed);
  connect(views_.runs, &RunsList::overlaysChanged, views_.charts, &TrainingCharts::setOverlays);
}

void TrainingCockpit::connectPreview() {
  connect(views_.settings, &TrainingSettingsPanel::previewRequested, this,
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
            // Held out with the run's seed, as training holds them out.
            const auto splitSeed = static_cast<quint64>(views_.settings->trainingSettings().seed);
            previewLoader_->request(dataset, seed, SamplePreviewGrid::wantedCount(), splitSeed);
          });
  SamplePreviewGrid* preview = views_.settings->preview();
  connect(previewLoader_, &DatasetPreviewLoader::previewReady, preview,
          &SamplePreviewGrid::showSamples);
  connect(previewLoader_, &DatasetPreviewLoader::previewFailed, preview,
          &SamplePreviewGrid::showProblem);
  connect(previewLoader_, &DatasetPreviewLoader::scanProgress, preview,
          &SamplePreviewGrid::showScanProgress);
  connect(previewLoader_, &DatasetPreviewLoader::datasetSummarized, preview,
          &SamplePreviewGrid::showDatasetSummary);
  DatasetStatisticsView* statistics = views_.settings->datasetStatistics();
  connect(previewLoader_, &DatasetPreviewLoader::statisticsReady, statistics,
          &DatasetStatisticsView::showStatistics);
  connect(previewLoader_, &DatasetPreviewLoader::previewFailed, statistics,
          &DatasetStatisticsView::clear);
  connect(preview, &SamplePreviewGrid::scanCancelRequested, previewLoader_,
          &DatasetPreviewLoader::cancelScan);
}

void TrainingCockpit::connectController() {
  TrainingController* c = controller_;
  connect(c, &TrainingController::stepped, views_.charts, &TrainingCharts::addStep);
  connect(c, &TrainingController::stepped, views_.progress, &TrainingProgressView::showStep);
  connect(c, &TrainingController::epochEnded, views_.charts, &TrainingCharts::addEpoch);
  connect(c, &TrainingController::epochEnded, views_.confusion, &ConfusionPanel::showEpoch);
  connect(c, &TrainingController::epochEnded, views_.gallery, &MisclassifiedGallery::showEpoch);
  connect(c, &TrainingController::logged, views_.log, &TrainingLogView::addLine);
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
  if (!(project.dataset == views_.settings->datasetSettings()) ||
      !(project.training == views_.settings->trainingSettings())) {
    views_.settings->setSettings(project.dataset, project.training);
  }
  // A project whose settings the panel already holds (the defaults, a restart's reopened
  // project) still shows its images (issue 32: "No preview yet." after a restart).
  if (projectOpen()) views_.settings->showPreviewOnce();
  const QString owner = runsOwnerFile();
  if (owner != shownOwner_) {
    shownOwner_ = owner;
    views_.runs->setProjectFile(owner);
    queue_->runner()->setProjectFile(owner);
    // A project saved under a new name keeps what it shows: its runs came along, the newest
    // under the same name.
    const std::vector<RecordedRun>& runs = views_.runs->runs();
    const QString newest = runs.empty() ? QString() : QString::fromStdString(runs.front().name);
    if (!controller_->isRunning() && (newest != shownRun_ || newest.isEmpty())) showLastRun();
  }
  updateStartAllowed();
}

void TrainingCockpit::showLastRun() {
  views_.charts->beginRun(views_.settings->trainingSettings());
  views_.confusion->clear();
  views_.gallery->clear();
  failureShown_ = false;
  shownRun_.clear();
  views_.progress->beginRun(QString());
  const std::vector<RecordedRun>& runs = views_.runs->runs();
  if (runs.empty()) {
    views_.progress->showMessage(projectOpen() ? tr("Ready.") : QString());
    return;
  }
  const RecordedRun last = views_.runs->withSteps(runs.front());
  shownRun_ = QString::fromStdString(last.name);
  views_.charts->showRecordedRun(last);
  for (auto epoch = last.epochs.rbegin(); epoch != last.epochs.rend(); ++epoch) {
    if (epoch->confusion.empty()) continue;
    EpochMetrics metrics;
    metrics.epoch = epoch->epoch;
    metrics.confusion = epoch->confusion;
    metrics.class_names = epoch->class_names;
    metrics.val_accuracy = epoch->val_accuracy;
    views_.confusion->showEpoch(metrics);
    break;
  }
  QString outcome =
      tr("Last run %1: %2").arg(QString::fromStdString(last.name), RunsList::stateText(last.state));
  if (!last.epochs.empty()) {
    outcome +=
        tr(", validation accuracy %1%").arg(last.epochs.back().val_accuracy * 100, 0, 'f', 1);
  }
  views_.progress->showMessage(outcome);
}

void TrainingCockpit::clearStaleFailure() {
  if (!failureShown_ || controller_->isRunning()) return;
  failureShown_ = false;
  views_.progress->showMessage(tr("Ready."));
}

void TrainingCockpit::updateStartAllowed() {
  const QString blocked =
      projectOpen() ? views_.settings->blockingProblem() : tr("Open or create a project first.");
  RunGate gate;
  gate.idle = !controller_->isRunning();
  gate.startable = blocked.isEmpty();
  gate.tuning = tuning_ != nullptr && tuning_->isBusy();
  gate.pauseOffered = views_.progress->pauseOffered();
  gate.cuda = devices_.cuda_available;
  if (tuning_) tuning_->updateEnabled();
  const QString why = gate.tuning && blocked.isEmpty()
                          ? tr("A finder is running; train once it is done.")
                          : blocked;
  views_.progress->setStartBlocked(why);
  const auto table = runActionTable();
  for (int i = 0; i < RunActionCount; ++i) actions_[i]->setEnabled(table[i].enabledWhen(gate));
  actions_[Start]->setToolTip(blocked.isEmpty() ? tr("Train the model with these settings (F5)")
                                                : blocked);
  const bool paused = controller_->isPaused();
  actions_[Pause]->setText(paused ? tr("Resume Training") : tr("Pause Training"));
  actions_[Pause]->setIconText(paused ? tr("Resume") : tr("Pause"));
  queue_->view()->setQueueingAllowed(projectOpen() && blocked.isEmpty(), blocked);
  if (blockedLabel_) {
    // Said where the user looks, not only in a tooltip; the start page needs no reason.
    const bool shown = projectOpen() && gate.idle && !why.isEmpty();
    blockedLabel_->setText(shown ? tr("Cannot train: %1").arg(why) : QString());
    // In the settings' error colour; a finder at work is no error.
    blockedLabel_->setStyleSheet(blocked.isEmpty() ? QString() : QStringLiteral("color: #c00000;"));
    blockedLabel_->setVisible(shown);
    // "Ready." beside it would contradict it; the run's status stays in the Progress dock.
    if (statusLabel_) statusLabel_->setVisible(!shown);
  }
}

}  // namespace convstudio
