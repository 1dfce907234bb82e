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
#include "convstudio/runs/trained_models.h"
#include "default_dock_layout.h"
#include "device_text.h"
#include "edit_actions.h"
#include "engine_text.h"
#include "export_dialog.h"
#include "graph_document.h"
#include "inference_controller.h"
#include "main_toolbar.h"
#include "model_importer.h"
#include "overview_map.h"
#include "palette_widget.h"
#include "problems_widget.h"
#include "project_controller.h"
#include "properties_widget.h"
#include "run_following.h"
#include "start_page.h"
#include "summary_bar.h"
#include "trained_model_choice.h"
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

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), build_(build_info()), devices_(probe_devices()) {
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
  dockedState_ = saveState();
  arrangeDefaultLayout();
  showDeviceInStatusBar();

  connect(startPage_, &StartPage::newRequested, projects_, &ProjectController::newProject);
  connect(startPage_, &StartPage::openRequested, projects_, &ProjectController::open);
  // Every way of opening another project goes through ProjectController::confirmReplace.
  connect(startPage_, &StartPage::exampleRequested, projects_,
          &ProjectController::openExampleAsking);
  connect(startPage_, &StartPage::recentRequested, projects_, &ProjectController::openRecent);
  connect(startPage_, &StartPage::templateRequested, projects_,
          &ProjectController::newProjectFromTemplate);
  connect(document_, &GraphDocument::modelReset, this, [this] { projectReplaced_ = true; });
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
            problems_->showRefusedWire(blockId, reason);
          });
  projects_->setBusyRunFolder([this] {
    return training_->controller()->isRunning() ? training_->controller()->runFolder() : QString();
  });
  projects_->setRunStopper(
      [this](QWidget* dialogParent) { return training_->confirmStop(dialogParent); });

  // The layout the builder had when the studio was last closed. The start page hides the
  // builder's docks (showBuilderDocks) and a project brings them back as they were.
  builderLayout_ = settings::kMainWindowState.value();
  if (!restoreState(builderLayout_)) builderLayout_.clear();
  for (QDockWidget* dock : std::as_const(projectDocks_)) dock->hide();
  builderDocksShown_ = false;
  updateRecentMenu();
  updateForProject();
  // Geometry last: restoring the dock state shows the builder's docks, whose minimum sizes
  // would otherwise grow the window before the start page hides them again.
  restoreWindowGeometry();
}

void MainWindow::createMenus() {
  fileMenu_ = menuBar()->addMenu(tr("&File"));
  fileMenu_->setObjectName(QStringLiteral("fileMenu"));
  // Each action that replaces the open project asks first (ProjectController::confirmReplace).
  fileMenu_
      ->addAction(tr("&New Project…"), QKeySequence::New, projects_, &ProjectController::newProject)
      ->setObjectName(QStringLiteral("newProjectAction"));
  fileMenu_->addAction(tr("&Open…"), QKeySequence::Open, projects_, &ProjectController::open)
      ->setObjectName(QStringLiteral("openProjectAction"));
  recentMenu_ = fileMenu_->addMenu(tr("Open &Recent"));
  recentMenu_->setObjectName(QStringLiteral("recentMenu"));
  fileMenu_->addAction(tr("Open the &Example"), projects_, &ProjectController::openExampleAsking)
      ->setObjectName(QStringLiteral("openExampleAction"));
  importer_ = new ModelImporter(projects_, this);
  QAction* importAction =
      fileMenu_->addAction(tr("&Import Model…"), importer_, &ModelImporter::importWithDialogs);
  importAction->setObjectName(QStringLiteral("importModelAction"));
  importAction->setToolTip(
      tr("Turn an ONNX classifier (from PyTorch or elsewhere) into a project with its weights"));
  fileMenu_->addSeparator();
  projectActions_ << fileMenu_->addAction(tr("&Save"), QKeySequence::Save, projects_,
                                          &ProjectController::save)
                  << fileMenu_->addAction(tr("Save &As…"), QKeySequence::SaveAs, projects_,
                                          &ProjectController::saveAs);
  QAction* closeAction = fileMenu_->addAction(tr("&Close Project"), QKeySequence::Close, projects_,
                                              &ProjectController::closeAsking);
  closeAction->setObjectName(QStringLiteral("closeProjectAction"));
  projectActions_ << closeAction;
  fileMenu_->addSeparator();
  QAction* recoverAction = fileMenu_->addAction(tr("Recover &Unsaved Runs…"), projects_,
                                                &ProjectController::recoverUnsavedRuns);
  recoverAction->setObjectName(QStringLiteral("recoverUnsavedRunsAction"));
  recoverAction->setToolTip(
      tr("Open again a project that was closed without being saved, from the runs it left in "
         "the data folder"));
  fileMenu_->addSeparator();
  QAction* exportAction =
      fileMenu_->addAction(tr("&Export Trained Model…"), this, &MainWindow::exportModel);
  exportAction->setObjectName(QStringLiteral("exportModelAction"));
  exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  exportAction->setToolTip(
      tr("Write a trained model of this project as TorchScript, ONNX, safetensors or PyTorch "
         "code"));
  projectActions_ << exportAction;
  fileMenu_->addSeparator();
  QAction* reopen = fileMenu_->addAction(tr("Reopen the Last Project at Start"));
  reopen->setObjectName(QStringLiteral("reopenLastProjectAction"));
  reopen->setCheckable(true);
  reopen->setChecked(settings::kReopenLastProject.value());
  connect(reopen, &QAction::toggled, this,
          [](bool on) { settings::kReopenLastProject.setValue(on); });
  fileMenu_->addSeparator();
  QAction* quit = fileMenu_->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
  quit->setMenuRole(QAction::QuitRole);

  QMenu* editMenu = menuBar()->addMenu(tr("&Edit"));
  editMenu->setObjectName(QStringLiteral("editMenu"));
  editActions_ = new EditActions(canvas_, editMenu, this);

  viewMenu_ = menuBar()->addMenu(tr("&View"));
  viewMenu_->setObjectName(QStringLiteral("viewMenu"));
  QAction* fullScreen = viewMenu_->addAction(tr("&Full Screen"));
  fullScreen->setShortcut(QKeySequence::FullScreen);
  fullScreen->setCheckable(true);
  connect(fullScreen, &QAction::toggled, this,
          [this](bool on) { setWindowState(windowState().setFlag(Qt::WindowFullScreen, on)); });
  viewMenu_->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
  viewMenu_->addSeparator();
  BuilderView* view = canvas_->view();
  fitAction_ = viewMenu_->addAction(tr("&Fit to View"), QKeySequence(Qt::CTRL | Qt::Key_9), view,
                                    &BuilderView::fitToView);
  fitAction_->setObjectName(QStringLiteral("fitToViewAction"));
  fitAction_->setIconText(tr("Fit"));
  fitAction_->setIcon(QIcon::fromTheme(QStringLiteral("zoom-fit-best"),
                                       style()->standardIcon(QStyle::SP_TitleBarMaxButton)));
  projectActions_ << viewMenu_->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, view,
                                          &BuilderView::zoomIn)
                  << viewMenu_->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, view,
                                          &BuilderView::zoomOut)
                  << viewMenu_->addAction(tr("&Actual Size"), QKeySequence(Qt::CTRL | Qt::Key_0),
                                          view, &BuilderView::resetZoom)
                  << fitAction_;
  QAction* overview = viewMenu_->addAction(tr("&Overview Map"));
  overview->setToolTip(
      tr("A map of the whole model in the canvas's corner while part of it is "
         "out of view"));
  overview->setCheckable(true);
  overview->setChecked(true);
  connect(overview, &QAction::toggled, view->overviewMap(), &OverviewMap::setWanted);
  QAction* snap = viewMenu_->addAction(tr("&Snap to Grid"));
  snap->setCheckable(true);
  snap->setChecked(canvas_->scene()->snapToGrid());
  connect(snap, &QAction::toggled, canvas_->scene(), &BuilderScene::setSnapToGrid);
  projectActions_ << overview << snap;
  viewMenu_->addSeparator();
  // Panels list their toggle actions here (addPanel).
  panelsMenu_ = viewMenu_;

  helpMenu_ = menuBar()->addMenu(tr("&Help"));
  helpMenu_->setObjectName(QStringLiteral("helpMenu"));
  QAction* about = helpMenu_->addAction(tr("&About ConvStudio"), this, &MainWindow::showAbout);
  about->setMenuRole(QAction::AboutRole);
  QAction* aboutQt = helpMenu_->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
  aboutQt->setMenuRole(QAction::AboutQtRole);
}

QDockWidget* MainWindow::addPanel(QWidget* panel, const QString& title, const QString& objectName,
                                  Qt::DockWidgetArea area, bool projectOnly) {
  auto* dock = new QDockWidget(title, this);
  dock->setObjectName(objectName);
  // A dock scrolls its content rather than raise the window's minimum size above the screen.
  dock->setWidget(scrollable(panel));
  addDockWidget(area, dock);
  panelsMenu_->addAction(dock->toggleViewAction());
  if (projectOnly) projectDocks_ << dock;
  return dock;
}

void MainWindow::createPanels() {
  palette_ = new PaletteWidget(this);
  paletteDock_ =
      addPanel(palette_, tr("Blocks"), QStringLiteral("paletteDock"), Qt::LeftDockWidgetArea);
  properties_ = new PropertiesWidget(document_, this);
  propertiesDock_ = addPanel(properties_, tr("Properties"), QStringLiteral("propertiesDock"),
                             Qt::RightDockWidgetArea);
  problems_ = new ProblemsWidget(document_, this);
  problemsDock_ =
      addPanel(problems_, tr("Problems"), QStringLiteral("problemsDock"), Qt::BottomDockWidgetArea);

  connect(palette_, &PaletteWidget::blockRequested, canvas_, &BuilderCanvas::addBlock);
  connect(problems_, &ProblemsWidget::blockActivated, canvas_, &BuilderCanvas::focusBlock);
  connect(problems_, &ProblemsWidget::problemCountChanged, this, [this](int count) {
    problemsDock_->setWindowTitle(count == 0 ? tr("Problems") : tr("Problems (%1)").arg(count));
  });
  connect(canvas_->scene(), &BuilderScene::blockSelectionChanged, this,
          [this](const QStringList& ids) {
            properties_->showBlock(ids.size() == 1 ? ids.front() : QString());
            // A block picked on the canvas shows its properties, even behind another tab
            // (unless the user closed the dock).
            if (ids.size() == 1 && propertiesDock_->toggleViewAction()->isChecked()) {
              propertiesDock_->raise();
            }
          });
  createTrainingPanels();
}

void MainWindow::createTrainingPanels() {
  TrainingCockpitHost host;
  host.window = this;
  host.viewMenu = viewMenu_;
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

  // The inference panel predicts with the project's default trained model (the best of the
  // newest finished run) until the user picks another.
  inference_ = new InferenceController(this);
  inferenceDock_ = addPanel(inference_->panel(), tr("Inference"), QStringLiteral("inferencePanel"),
                            Qt::RightDockWidgetArea, false);
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

  auto* trainingMenu = new QMenu(tr("&Training"), this);
  trainingMenu->setObjectName(QStringLiteral("trainingMenu"));
  trainingMenu->addActions(training_->runActions());
  menuBar()->insertMenu(helpMenu_->menuAction(), trainingMenu);

  // File > Open Run…, beside Recover Unsaved Runs… (the other way of opening runs).
  following_ = new RunFollowing(projects_, training_, this);
  const QList<QAction*> fileActions = fileMenu_->actions();
  const auto recover = std::find_if(fileActions.begin(), fileActions.end(), [](QAction* action) {
    return action->objectName() == QLatin1String("recoverUnsavedRunsAction");
  });
  fileMenu_->insertAction(recover != fileActions.end() ? *recover : nullptr,
                          following_->openAction());
  connect(following_, &RunFollowing::checkpointsChanged, this, &MainWindow::refreshTrainedModels);
}

void MainWindow::createToolBar() {
  MainToolBar::Actions actions;
  actions.train = training_->startAction();
  actions.pause = training_->pauseAction();
  actions.stop = training_->stopAction();
  actions.fit = fitAction_;
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

StudioDocks MainWindow::studioDocks() const {
  StudioDocks docks;
  docks.palette = paletteDock_;
  docks.properties = propertiesDock_;
  docks.problems = problemsDock_;
  docks.inference = inferenceDock_;
  docks.trainingSettings = training_->settingsDock();
  docks.queue = training_->queueDock();
  docks.runs = training_->runsDock();
  docks.charts = training_->chartsDock();
  docks.progress = training_->progressDock();
  docks.log = training_->logDock();
  docks.confusion = training_->confusionDock();
  docks.gallery = training_->galleryDock();
  return docks;
}

void MainWindow::arrangeDefaultLayout() {
  // From every dock in its side, so the default comes out the same from any layout.
  restoreState(dockedState_);
  arrangeDefaultDocks(*this, studioDocks());
}

void MainWindow::showBuilderDocks(bool show) {
  if (show == builderDocksShown_) return;
  builderDocksShown_ = show;
  if (!show) {
    // Hidden one by one and shown again, docks lose their sizes to their neighbours (the charts
    // shrank on every project opened): the whole layout leaves and comes back as one.
    builderLayout_ = defaultSizesPending_ ? QByteArray() : saveState();
    for (QDockWidget* dock : std::as_const(projectDocks_)) dock->hide();
    return;
  }
  if (!builderLayout_.isEmpty() && restoreState(builderLayout_)) return;
  // None remembered: the default layout, whose sizes are shares of the window once it is shown.
  arrangeDefaultLayout();
  defaultSizesPending_ = true;
  sizeDefaultLayoutWhenShown();
}

void MainWindow::sizeDefaultLayoutWhenShown() {
  if (!defaultSizesPending_ || !isVisible() || !builderDocksShown_) return;
  defaultSizesPending_ = false;
  QTimer::singleShot(0, this, [this] { sizeDefaultDocks(*this, studioDocks()); });
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
  connect(dialog, &ExportDialog::openInInference, this, [this](const QString& path) {
    chosenModel_ = path;
    inference_->setModelPath(path);
    inferenceDock_->show();
    inferenceDock_->raise();
  });
  dialog->open();
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
  recentMenu_->clear();
  const QStringList files = projects_->recentFiles();
  for (const QString& path : files) {
    recentMenu_
        ->addAction(QFileInfo(path).fileName(), this, [this, path] { projects_->openRecent(path); })
        ->setToolTip(path);
  }
  recentMenu_->setEnabled(!files.isEmpty());
  startPage_->showRecentProjects(files);
}

void MainWindow::updateForProject() {
  const bool open = projects_->isOpen();
  pages_->setCurrentWidget(open ? static_cast<QWidget*>(canvas_) : startPage_);
  for (QAction* action : std::as_const(projectActions_)) action->setEnabled(open);
  editActions_->setEnabled(open);
  showBuilderDocks(open);
  if (open) {
    // A project opens on the builder's tabs, whichever were in front when its layout was
    // remembered.
    for (QDockWidget* dock : {propertiesDock_, problemsDock_, training_->chartsDock()}) {
      if (dock->toggleViewAction()->isChecked()) dock->raise();
    }
  }
  // A new or opened model shows whole once the window has its size.
  if (open) canvas_->view()->fitWhenLaidOut();
  statusBar()->clearMessage();
  // Models belong to their project: another project's model goes, this one's default comes.
  // (A project saved under a new name is the same project and keeps its model.)
  if (projectReplaced_) {
    projectReplaced_ = false;
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
}

void MainWindow::showAbout() {
  AboutDialog dialog(build_, devices_, this);
  dialog.exec();
}

void MainWindow::resetLayout() {
  builderLayout_.clear();
  // On the start page the default comes with the next project.
  if (builderDocksShown_) {
    arrangeDefaultLayout();
    defaultSizesPending_ = true;
    sizeDefaultLayoutWhenShown();
  }
  updateForProject();
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

void MainWindow::restoreWindowGeometry() {
  const QByteArray geometry = settings::kMainWindowGeometry.value();
  if (geometry.isEmpty() || !restoreGeometry(geometry)) resize(1400, 900);
  // Saved on a bigger screen, or a screen no longer there: it must still fit this one.
  clampToScreen(this);
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  // The window frame is known once shown: the whole window, frame included, must fit.
  if (!shownOnce_) {
    shownOnce_ = true;
    clampToScreen(this);
  }
  sizeDefaultLayoutWhenShown();
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
  if (builderDocksShown_) builderLayout_ = defaultSizesPending_ ? QByteArray() : saveState();
  settings::kMainWindowState.setValue(builderLayout_);
  event->accept();
}

}  // namespace convstudio
