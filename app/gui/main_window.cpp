#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <filesystem>

#include "about_dialog.h"
#include "app_settings.h"
#include "builder_canvas.h"
#include "builder_scene.h"
#include "builder_view.h"
#include "convstudio/data/dataset_request.h"
#include "convstudio/runs/run_recorder.h"
#include "convstudio/runs/trained_models.h"
#include "default_dock_layout.h"
#include "device_text.h"
#include "edit_actions.h"
#include "engine_text.h"
#include "explain_set_controller.h"
#include "export_dialog.h"
#include "graph_document.h"
#include "inference/explain_section.h"
#include "inference/explain_set_view.h"
#include "inference_controller.h"
#include "main_toolbar.h"
#include "model_importer.h"
#include "overview_map.h"
#include "palette_widget.h"
#include "problems_widget.h"
#include "profile_controller.h"
#include "project_controller.h"
#include "properties_widget.h"
#include "remote_runs.h"
#include "run_following.h"
#include "start_page.h"
#include "summary_bar.h"
#include "trained_model_choice.h"
#include "training/confusion_panel.h"
#include "training/misclassified_gallery.h"
#include "training/misclassified_panel.h"
#include "training/profile_panel.h"
#include "training/training_settings_panel.h"
#include "training_cockpit.h"
#include "training_controller.h"
#include "window_fit.h"

namespace convstudio {
namespace {

constexpr int kTrainedModelsRefreshMs = 500;  // after the last graph edit

// The project's checkpoints that fit its network, newest run first, and those of a run followed
// from elsewhere (File > Open Run…) when it is not one of the project's.
std::vector<RunCheckpoint> projectCheckpoints(const ProjectController& projects,
                                              const GraphDocument& document,
                                              const QString& followedRun) {
  if (!projects.isOpen()) return {};
  std::vector<RunCheckpoint> found = fitting_checkpoints(
      QFile::encodeName(projects.runsOwnerFile()).toStdString(), document.graph());
  if (followedRun.isEmpty()) return found;
  const std::filesystem::path followed = QFile::encodeName(followedRun).toStdString();
  std::error_code error;
  const bool listed = std::any_of(found.begin(), found.end(), [&](const RunCheckpoint& c) {
    return std::filesystem::equivalent(c.folder.parent_path(), followed, error);
  });
  if (listed) return found;
  std::vector<RunCheckpoint> withFollowed = fitting_checkpoints_of_run(followed, document.graph());
  withFollowed.insert(withFollowed.end(), found.begin(), found.end());
  return withFollowed;
}

}  // namespace

struct MainWindow::DockRow {
  std::function<QWidget*()> panel;  // makes it; none: the training cockpit's docks go here
  QString title;
  const char* objectName;
  Qt::DockWidgetArea area;
  bool projectOnly;
  QDockWidget* StudioDocks::*place;  // where the default layout finds it
};

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), devices_(probe_devices()) {
  setObjectName(QStringLiteral("mainWindow"));
  setDockOptions(AllowNestedDocks | AllowTabbedDocks | AnimatedDocks);
  // Side docks (palette; properties and settings) run full height; bottom docks (charts,
  // progress, problems) sit between them.
  setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
  setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
  keepTabTitlesWhole(this);

  document_ = new GraphDocument(this);
  projects_ = new ProjectController(document_, this);
  importer_ = new ModelImporter(projects_, this);

  startPage_ = new StartPage(this);
  startPage_->setObjectName(QStringLiteral("startPage"));
  startPage_->showDevices(devices_);
  startPage_->showExampleDataset(QString::fromUtf8(
      kFashionMnistFolder.data(), static_cast<qsizetype>(kFashionMnistFolder.size())));
  canvas_ = new BuilderCanvas(document_, this);
  canvas_->summaryBar()->setDevices(devices_);
  pages_ = new QStackedWidget(this);
  pages_->addWidget(startPage_);
  pages_->addWidget(canvas_);
  setCentralWidget(pages_);

  createMenus();
  createPanels();
  createToolBar();
  // Every dock in its side, none tabbed: where the default layout starts from.
  layout_.docked = saveState();
  arrangeDefaultLayout();
  showDeviceInStatusBar();
  connectProjects();

  // The layout the builder had when the studio was last closed. The start page hides the
  // builder's docks (showBuilderDocks) and a project brings them back as they were.
  layout_.builder = settings::kMainWindowState.value();
  if (!restoreState(layout_.builder)) layout_.builder.clear();
  for (QDockWidget* dock : std::as_const(layout_.projectDocks)) dock->hide();
  layout_.builderDocksShown = false;
  updateRecentMenu();
  updateForProject();
  // Geometry last: restoring the dock state shows the builder's docks, whose minimum sizes
  // would otherwise grow the window before the start page hides them again.
  restoreWindowGeometry();
}

void MainWindow::connectProjects() {
  connect(startPage_, &StartPage::newRequested, projects_, &ProjectController::newProject);
  connect(startPage_, &StartPage::openRequested, projects_, &ProjectController::open);
  // Every way of opening another project goes through ProjectController::confirmReplace.
  connect(startPage_, &StartPage::exampleRequested, projects_,
          &ProjectController::openExampleAsking);
  connect(startPage_, &StartPage::recentRequested, projects_, &ProjectController::openRecent);
  connect(startPage_, &StartPage::templateRequested, projects_,
          &ProjectController::newProjectFromTemplate);
  connect(document_, &GraphDocument::modelReset, this, [this] { moments_.projectReplaced = true; });
  connect(projects_, &ProjectController::projectChanged, this, &MainWindow::updateForProject);
  connect(projects_, &ProjectController::recentFilesChanged, this, &MainWindow::updateRecentMenu);
  connect(projects_, &ProjectController::runsNotCarried, this, [this](const QString& message) {
    QMessageBox::warning(
        this, tr("Save Project"),
        tr("The project was saved, but not all of its runs came along: %1").arg(message));
  });
  connect(document_->undoStack(), &QUndoStack::cleanChanged, this,
          [this](bool clean) { setWindowModified(projects_->isOpen() && !clean); });
  connect(canvas_->scene(), &BuilderScene::connectionRefused, this,
          [this](const QString& blockId, const QString& reason) {
            statusBar()->showMessage(reason, 8000);
            panels_.problems->showRefusedWire(blockId, reason);
          });
  // A refusal is about the model as it was: the next edit ends it, in the status bar as in the
  // Problems dock, rather than leaving it beside a graph that is valid again.
  connect(panels_.problems, &ProblemsWidget::refusalEnded, this, [this](const QString& reason) {
    if (statusBar()->currentMessage() == reason) statusBar()->clearMessage();
  });
  projects_->setBusyRunFolder([this] {
    return training_->controller()->isRunning() ? training_->controller()->runFolder() : QString();
  });
  projects_->setRunStopper(
      [this](QWidget* dialogParent) { return training_->confirmStop(dialogParent); });
}

std::vector<MainWindow::DockRow> MainWindow::dockTable() {
  using SD = StudioDocks;
  const auto left = Qt::LeftDockWidgetArea;
  const auto right = Qt::RightDockWidgetArea;
  const auto bottom = Qt::BottomDockWidgetArea;
  return {
      {[this] { return panels_.palette = new PaletteWidget(this); }, tr("Blocks"), "paletteDock",
       left, true, &SD::palette},
      {[this] { return panels_.properties = new PropertiesWidget(document_, this); },
       tr("Properties"), "propertiesDock", right, true, &SD::properties},
      {[this] { return panels_.problems = new ProblemsWidget(document_, this); }, tr("Problems"),
       "problemsDock", bottom, true, &SD::problems},
      {{}, {}, nullptr, {}, true, nullptr},  // the training cockpit's (training_cockpit.cpp)
      // Not a project's: a model file can be tried with no project open.
      {[this] { return (inference_ = new InferenceController(this))->panel(); }, tr("Inference"),
       "inferencePanel", right, false, &SD::inference},
  };
}

void MainWindow::createPanels() {
  for (const DockRow& row : dockTable()) {
    if (!row.panel) {
      createTrainingPanels();
      continue;
    }
    docks_.*row.place =
        addPanel(row.panel(), row.title, QLatin1String(row.objectName), row.area, row.projectOnly);
  }
  connectPanels();
}

void MainWindow::connectPanels() {
  connect(panels_.palette, &PaletteWidget::blockRequested, canvas_, &BuilderCanvas::addBlock);
  connect(panels_.problems, &ProblemsWidget::blockActivated, canvas_, &BuilderCanvas::focusBlock);
  connect(panels_.problems, &ProblemsWidget::problemCountChanged, this, [this](int count) {
    docks_.problems->setWindowTitle(count == 0 ? tr("Problems") : tr("Problems (%1)").arg(count));
  });
  // What keeps Train disabled is listed with the model's problems; its row leads to the setting.
  TrainingSettingsPanel* settings = training_->settingsPanel();
  connect(settings, &TrainingSettingsPanel::problemsChanged, panels_.problems,
          [this, settings] { panels_.problems->setSettingsProblems(settings->problems()); });
  panels_.problems->setSettingsProblems(settings->problems());
  connect(panels_.problems, &ProblemsWidget::settingActivated, this,
          [this](const QString& setting) {
            training_->pointAt(Error::in_setting(setting.toStdString(), std::string()));
          });
  connect(canvas_->scene(), &BuilderScene::blockSelectionChanged, this,
          [this](const QStringList& ids) {
            panels_.properties->showBlock(ids.size() == 1 ? ids.front() : QString());
            if (ids.size() != 1) return;
            // While the Inference panel is in front, its Explain tab explains the picked block
            // (and stays in front: Properties shares its tabs).
            if (docks_.inference->isVisible()) {
              inference_->panel()->explainSection()->followBlock(ids.front());
              return;
            }
            // A block picked on the canvas shows its properties, even behind another tab
            // (unless the user closed the dock).
            if (docks_.properties->toggleViewAction()->isChecked()) docks_.properties->raise();
          });
  // The inference panel predicts with the project's default trained model (the best of the
  // newest finished run) until the user picks another.
  connect(inference_->panel(), &InferencePanel::modelFileChosen, this, [this](const QString& path) {
    chosenModel_ = path;
    // Any model may be tried, but a checkpoint of another network is named as such.
    if (projects_->isOpen() && QFileInfo(path).isDir()) {
      if (auto mismatch =
              checkpoint_mismatch(QFile::encodeName(path).toStdString(), document_->graph())) {
        inference_->panel()->showMessage(
            tr("Not this project's model: %1").arg(engineText(*mismatch)));
      }
    }
  });
  connect(training_, &TrainingCockpit::runRecorded, this, &MainWindow::refreshTrainedModels);
  trainedModelsRefresh_ = new QTimer(this);
  trainedModelsRefresh_->setSingleShot(true);
  trainedModelsRefresh_->setInterval(kTrainedModelsRefreshMs);
  connect(trainedModelsRefresh_, &QTimer::timeout, this, &MainWindow::refreshTrainedModels);
  connect(document_, &GraphDocument::analysisChanged, trainedModelsRefresh_,
          qOverload<>(&QTimer::start));
}

void MainWindow::createTrainingPanels() {
  TrainingCockpitHost host;
  host.window = this;
  host.viewMenu = menus_.view;
  host.project = [this] { return document_->project(); };
  host.isOpen = [this] { return projects_->isOpen(); };
  host.setSettings = [this](const DatasetSettings& dataset, const TrainingSettings& training) {
    document_->setSettings(dataset, training);
  };
  host.runsOwner = [this] { return projects_->runsOwnerFile(); };
  host.addDock = [this](QWidget* panel, const QString& title, const QString& name,
                        Qt::DockWidgetArea area) { return addPanel(panel, title, name, area); };
  host.showBlock = [this](const QString& blockId) { canvas_->focusBlock(blockId); };
  training_ = new TrainingCockpit(std::move(host), devices_, this);
  // Opening, creating or closing a project resets the document and then says so: the cockpit
  // reloads once, on projectChanged.
  connect(projects_, &ProjectController::projectChanged, training_,
          &TrainingCockpit::reloadProject);
  connect(document_, &GraphDocument::settingsChanged, training_, &TrainingCockpit::reloadProject);
  connect(document_, &GraphDocument::settingsChanged, training_,
          &TrainingCockpit::clearStaleFailure);
  connect(document_, &GraphDocument::analysisChanged, training_,
          &TrainingCockpit::clearStaleFailure);
  menus_.training->addActions(training_->runActions());
  profiler_ = new ProfileController(document_, canvas_, training_->tuning(), this);
  docks_.profile = addPanel(profiler_->panel(), tr("Profile"), QStringLiteral("profileDock"),
                            Qt::BottomDockWidgetArea);
  createRunFollowing();
  connectExplainSets();
}

void MainWindow::connectExplainSets() {
  const auto showImageSet = [this] {
    docks_.inference->show();
    docks_.inference->raise();
    inference_->panel()->showExplainSetTab();
  };
  connect(training_->confusion()->matrix(), &ConfusionMatrixView::cellSelected, this,
          [this, showImageSet](int trueClass, int predictedClass) {
            showImageSet();
            inference_->explainSet()->listCell(trueClass, predictedClass);
          });
  connect(training_->galleryPanel(), &MisclassifiedPanel::explainRequested, this,
          [this, showImageSet] {
            const MisclassifiedGallery* gallery = training_->gallery();
            std::vector<EvaluatedSample> samples;
            for (const MisclassifiedSample& shown : gallery->samples()) {
              EvaluatedSample& sample = samples.emplace_back();
              sample.true_class = shown.true_class;
              sample.predicted_class = shown.predicted_class;
              sample.confidence = shown.confidence;
              sample.image = {shown.channels, shown.height, shown.width, shown.pixels};
            }
            // The title first: the samples move into the call.
            const QString title = tr("The misclassified gallery: %1 images").arg(samples.size());
            showImageSet();
            inference_->explainSet()->listSamples(title, std::move(samples), gallery->classNames());
            inference_->panel()->explainSet()->explainAll();
          });
}

void MainWindow::createRunFollowing() {
  // File > Open Run…, beside Recover Unsaved Runs… (the other way of opening runs).
  following_ = new RunFollowing(projects_, training_, this);
  auto* fileMenu = menuBar()->findChild<QMenu*>(QStringLiteral("fileMenu"));
  const QList<QAction*> fileActions = fileMenu->actions();
  const auto recover = std::find_if(fileActions.begin(), fileActions.end(), [](QAction* action) {
    return action->objectName() == QLatin1String("recoverUnsavedRunsAction");
  });
  fileMenu->insertAction(recover != fileActions.end() ? *recover : nullptr,
                         following_->openAction());
  connect(following_, &RunFollowing::checkpointsChanged, this, &MainWindow::refreshTrainedModels);
  // Training > Run On…: a remote run, shown through the same following (a child of the window,
  // found with findChild<RemoteRuns*>()).
  auto* remoteRuns = new RemoteRuns(projects_, training_, following_, this);
  menus_.training->addSeparator();
  menus_.training->addAction(remoteRuns->runOnAction());
  menus_.training->addAction(remoteRuns->stopAction());
}

void MainWindow::createToolBar() {
  MainToolBar::Actions actions;
  actions.train = training_->startAction();
  actions.pause = training_->pauseAction();
  actions.stop = training_->stopAction();
  actions.fit = findChild<QAction*>(QStringLiteral("fitToViewAction"));
  actions.undo = editActions_->undo();
  actions.redo = editActions_->redo();
  toolBar_ = new MainToolBar(
      actions, devices_, [this] { return document_->project().training; },
      [this](const TrainingSettings& training) {
        document_->setSettings(document_->project().dataset, training);
      },
      this);
  addToolBar(Qt::TopToolBarArea, toolBar_);
  connect(document_, &GraphDocument::settingsChanged, toolBar_, &MainToolBar::updateRunButton);
  connect(projects_, &ProjectController::projectChanged, toolBar_, &MainToolBar::updateRunButton);
}

ExportDialog* MainWindow::exportModel() {
  const std::vector<RunCheckpoint> checkpoints =
      projectCheckpoints(*projects_, *document_, following_ ? following_->folder() : QString());
  const auto chosen = default_checkpoint(checkpoints);
  const QString checkpoint =
      chosen ? QFile::decodeName(chosen->folder.string().c_str()) : QString();
  const bool saved = !projects_->filePath().isEmpty();
  const QFileInfo project(projects_->filePath());
  const QString folder = saved ? project.absolutePath() : QDir::homePath();
  const QString baseName = saved ? project.completeBaseName() : QStringLiteral("model");
  auto* dialog = new ExportDialog(checkpoint, folder, baseName, this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setNetwork(document_->graph());
  dialog->setChoices(trainedModelChoices(checkpoints));
  if (projects_->isOpen()) {
    const std::filesystem::path owner = QFile::encodeName(projects_->runsOwnerFile()).toStdString();
    dialog->setRunsFolder(QFile::decodeName(runs_folder(owner).string().c_str()));
    if (checkpoints.empty()) {
      if (const auto earlier = newest_earlier_version(owner, document_->graph())) {
        dialog->setEarlierVersion(QFile::decodeName(earlier->folder.string().c_str()));
      }
    }
  }
  // The one path that replaces the open project asks first; the dialog goes with the project.
  connect(dialog, &ExportDialog::openVersionRequested, this, [this, dialog](const QString& path) {
    if (projects_->openTrainedVersion(path)) dialog->close();
  });
  connect(dialog, &ExportDialog::openInInference, this, [this](const QString& path) {
    chosenModel_ = path;
    inference_->setModelPath(path);
    docks_.inference->show();
    docks_.inference->raise();
  });
  // Modeless: an int8 export calibrates and measures for a minute or more, and the studio stays
  // usable meanwhile.
  dialog->show();
  return dialog;
}

void MainWindow::refreshTrainedModels() {
  const std::vector<RunCheckpoint> checkpoints =
      projectCheckpoints(*projects_, *document_, following_ ? following_->folder() : QString());
  const QList<TrainedModelChoice> choices = trainedModelChoices(checkpoints);
  const bool chosenStillThere = !chosenModel_.isEmpty() && QFileInfo::exists(chosenModel_);
  if (!chosenStillThere) {
    chosenModel_.clear();
    if (const auto fallback = default_checkpoint(checkpoints)) {
      const QString path = QFile::decodeName(fallback->folder.string().c_str());
      // Loaded again only when it is another model: the panel says which one it uses.
      if (path != inference_->modelPath())
        inference_->setModelPath(path, trainedModelText(*fallback));
    }
  }
  inference_->panel()->setModelChoices(choices, inference_->modelPath());
}

void MainWindow::updateRecentMenu() {
  menus_.recent->clear();
  const QStringList files = projects_->recentFiles();
  for (const QString& path : files) {
    menus_.recent
        ->addAction(QFileInfo(path).fileName(), this, [this, path] { projects_->openRecent(path); })
        ->setToolTip(path);
  }
  menus_.recent->setEnabled(!files.isEmpty());
  startPage_->showRecentProjects(files);
}

void MainWindow::updateForProject() {
  const bool open = projects_->isOpen();
  pages_->setCurrentWidget(open ? static_cast<QWidget*>(canvas_) : startPage_);
  for (QAction* action : std::as_const(menus_.projectActions)) action->setEnabled(open);
  editActions_->setEnabled(open);
  showBuilderDocks(open);
  if (open) {
    // A project opens on the builder's tabs, whichever were in front when its layout was
    // remembered.
    for (QDockWidget* dock : {docks_.properties, docks_.problems, training_->chartsDock()}) {
      if (dock->toggleViewAction()->isChecked()) dock->raise();
    }
  }
  // A new or opened model shows whole once the window has its size.
  if (open) canvas_->view()->fitWhenLaidOut();
  statusBar()->clearMessage();
  // Models belong to their project: another project's model goes, this one's default comes.
  // (A project saved under a new name is the same project and keeps its model.)
  if (moments_.projectReplaced) {
    moments_.projectReplaced = false;
    chosenModel_.clear();
    inference_->clearModel();
  }
  refreshTrainedModels();
  updateTitle();
}

void MainWindow::updateTitle() {
  if (projects_->isOpen()) {
    setWindowTitle(tr("%1[*] — ConvStudio").arg(projects_->displayName()));
    setWindowModified(projects_->isModified());
  } else {
    setWindowTitle(tr("ConvStudio"));
    setWindowModified(false);
  }
}

void MainWindow::showDeviceInStatusBar() {
  QString text;
  if (devices_.cuda_available && !devices_.cuda_devices.empty()) {
    text = tr("Device: cuda:0 %1").arg(QString::fromStdString(devices_.cuda_devices[0].name));
  } else {
    text = tr("Device: CPU (%1 threads); CUDA not available").arg(devices_.cpu.hardware_threads);
  }
  auto* label = new QLabel(text, this);
  label->setObjectName(QStringLiteral("deviceStatus"));
  label->setToolTip(devices_.cuda_available ? QString() : cudaUnavailableText(devices_));
  statusBar()->addPermanentWidget(label);
  // A message longer than the bar is cut off (QStatusBar does not elide it): hovering the bar
  // shows it whole (issue 32).
  connect(statusBar(), &QStatusBar::messageChanged, statusBar(), &QWidget::setToolTip);
}

void MainWindow::showAbout() {
  AboutDialog dialog(build_info(), devices_, this);
  dialog.exec();
}

bool MainWindow::reopenLastProject() {
  if (!settings::kReopenLastProject.value() || projects_->isOpen()) return false;
  const QString last = settings::kLastProject.value();
  if (last.isEmpty() || !QFileInfo::exists(last)) return false;
  const std::vector<Error> errors = projects_->openFile(last);
  if (errors.empty()) return true;
  // The first problem, with its place (file:line or field); Open shows them all.
  statusBar()->showMessage(tr("Could not reopen %1: %2").arg(last, errorText(errors.front())),
                           10000);
  return false;
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!projects_->confirmReplace()) {
    event->ignore();
    return;
  }
  settings::kLastProject.setValue(projects_->isOpen() ? projects_->filePath() : QString());
  projects_->discardRecovery();
  // The window's size as the user left it, and the builder's dock layout (not the start
  // page's); none when the default was never sized for a shown window, so the next start
  // sizes it.
  settings::kMainWindowGeometry.setValue(saveGeometry());
  if (layout_.builderDocksShown)
    layout_.builder = layout_.defaultSizesPending ? QByteArray() : saveState();
  settings::kMainWindowState.setValue(layout_.builder);
  event->accept();
}

}  // namespace convstudio
