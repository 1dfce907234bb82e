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
#include <QStackedWidget>
#include <QStatusBar>
#include <QUndoStack>

#include "about_dialog.h"
#include "app_settings.h"
#include "builder_canvas.h"
#include "builder_scene.h"
#include "builder_view.h"
#include "convstudio/runs/run_history.h"
#include "device_text.h"
#include "edit_actions.h"
#include "export_dialog.h"
#include "graph_document.h"
#include "inference_controller.h"
#include "palette_widget.h"
#include "problems_widget.h"
#include "project_controller.h"
#include "properties_widget.h"
#include "start_page.h"
#include "summary_bar.h"
#include "training_cockpit.h"
#include "training_controller.h"

namespace convstudio {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), build_(build_info()), devices_(probe_devices()) {
  setObjectName(QStringLiteral("mainWindow"));
  setDockOptions(AllowNestedDocks | AllowTabbedDocks | AnimatedDocks);
  // Side docks (palette, properties) run full height; bottom docks (problems, charts, log)
  // sit between them.
  setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
  setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);

  document_ = new GraphDocument(this);
  projects_ = new ProjectController(document_, this);

  startPage_ = new StartPage(this);
  startPage_->setObjectName(QStringLiteral("startPage"));
  startPage_->showDevices(devices_);
  startPage_->showExampleDataset(exampleDatasetFolder());
  canvas_ = new BuilderCanvas(document_, this);
  canvas_->summaryBar()->setDevices(devices_);
  pages_ = new QStackedWidget(this);
  pages_->addWidget(startPage_);
  pages_->addWidget(canvas_);
  setCentralWidget(pages_);

  createMenus();
  createPanels();
  showDeviceInStatusBar();

  connect(startPage_, &StartPage::newRequested, projects_, &ProjectController::newProject);
  connect(startPage_, &StartPage::openRequested, projects_, &ProjectController::open);
  connect(startPage_, &StartPage::exampleRequested, projects_, &ProjectController::openExample);
  connect(projects_, &ProjectController::projectChanged, this, &MainWindow::updateForProject);
  connect(projects_, &ProjectController::recentFilesChanged, this, &MainWindow::updateRecentMenu);
  connect(document_->undoStack(), &QUndoStack::cleanChanged, this,
          [this](bool clean) { setWindowModified(projects_->isOpen() && !clean); });
  connect(canvas_->scene(), &BuilderScene::connectionRefused, this,
          [this](const QString& reason) { statusBar()->showMessage(reason, 8000); });

  defaultState_ = saveState();
  restoreState(settings::kMainWindowState.value());
  updateRecentMenu();
  updateForProject();
  // Geometry last: restoring the dock state shows the builder's docks, whose minimum sizes
  // would otherwise grow the window before the start page hides them again.
  restoreWindowGeometry();
}

QString MainWindow::exampleDatasetFolder() {
  return QStringLiteral("/usr/share/datasets/fashion-mnist");
}

void MainWindow::createMenus() {
  QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
  fileMenu->setObjectName(QStringLiteral("fileMenu"));
  fileMenu->addAction(tr("&New Project…"), QKeySequence::New, projects_,
                      &ProjectController::newProject);
  fileMenu->addAction(tr("&Open…"), QKeySequence::Open, projects_, &ProjectController::open);
  recentMenu_ = fileMenu->addMenu(tr("Open &Recent"));
  recentMenu_->setObjectName(QStringLiteral("recentMenu"));
  fileMenu->addAction(tr("Open the &Example"), projects_, &ProjectController::openExample);
  fileMenu->addSeparator();
  projectActions_ << fileMenu->addAction(tr("&Save"), QKeySequence::Save, projects_,
                                         &ProjectController::save)
                  << fileMenu->addAction(tr("Save &As…"), QKeySequence::SaveAs, projects_,
                                         &ProjectController::saveAs);
  projectActions_ << fileMenu->addAction(tr("&Close Project"), QKeySequence::Close, this, [this] {
    if (projects_->maybeSave()) projects_->close();
  });
  fileMenu->addSeparator();
  QAction* exportAction =
      fileMenu->addAction(tr("&Export Trained Model…"), this, &MainWindow::exportModel);
  exportAction->setObjectName(QStringLiteral("exportModelAction"));
  exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  exportAction->setToolTip(
      tr("Write the newest trained model as TorchScript, ONNX, safetensors or PyTorch code"));
  projectActions_ << exportAction;
  fileMenu->addSeparator();
  QAction* quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
  quit->setMenuRole(QAction::QuitRole);

  QMenu* editMenu = menuBar()->addMenu(tr("&Edit"));
  editMenu->setObjectName(QStringLiteral("editMenu"));
  editActions_ = new EditActions(canvas_, editMenu);

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
  projectActions_ << viewMenu_->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, view,
                                          &BuilderView::zoomIn)
                  << viewMenu_->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, view,
                                          &BuilderView::zoomOut)
                  << viewMenu_->addAction(tr("&Actual Size"), QKeySequence(Qt::CTRL | Qt::Key_0),
                                          view, &BuilderView::resetZoom)
                  << viewMenu_->addAction(tr("&Fit to View"), QKeySequence(Qt::CTRL | Qt::Key_9),
                                          view, &BuilderView::fitToView);
  QAction* snap = viewMenu_->addAction(tr("&Snap to Grid"));
  snap->setCheckable(true);
  snap->setChecked(canvas_->scene()->snapToGrid());
  connect(snap, &QAction::toggled, canvas_->scene(), &BuilderScene::setSnapToGrid);
  projectActions_ << snap;
  viewMenu_->addSeparator();
  // Panels list their toggle actions here (addPanel).
  panelsMenu_ = viewMenu_;

  QMenu* helpMenu = menuBar()->addMenu(tr("&Help"));
  helpMenu->setObjectName(QStringLiteral("helpMenu"));
  QAction* about = helpMenu->addAction(tr("&About ConvStudio"), this, &MainWindow::showAbout);
  about->setMenuRole(QAction::AboutRole);
  QAction* aboutQt = helpMenu->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
  aboutQt->setMenuRole(QAction::AboutQtRole);
}

QDockWidget* MainWindow::addPanel(QWidget* panel, const QString& title, const QString& objectName,
                                  Qt::DockWidgetArea area, bool projectOnly) {
  auto* dock = new QDockWidget(title, this);
  dock->setObjectName(objectName);
  dock->setWidget(panel);
  addDockWidget(area, dock);
  panelsMenu_->addAction(dock->toggleViewAction());
  if (projectOnly) projectDocks_ << dock;
  return dock;
}

void MainWindow::createPanels() {
  palette_ = new PaletteWidget(this);
  addPanel(palette_, tr("Blocks"), QStringLiteral("paletteDock"), Qt::LeftDockWidgetArea);
  properties_ = new PropertiesWidget(document_, this);
  addPanel(properties_, tr("Properties"), QStringLiteral("propertiesDock"),
           Qt::RightDockWidgetArea);
  problems_ = new ProblemsWidget(document_, this);
  QDockWidget* problemsDock =
      addPanel(problems_, tr("Problems"), QStringLiteral("problemsDock"), Qt::BottomDockWidgetArea);
  resizeDocks({problemsDock}, {110}, Qt::Vertical);

  connect(palette_, &PaletteWidget::blockRequested, canvas_, &BuilderCanvas::addBlock);
  connect(problems_, &ProblemsWidget::blockActivated, canvas_, &BuilderCanvas::focusBlock);
  connect(problems_, &ProblemsWidget::problemCountChanged, this, [problemsDock](int count) {
    problemsDock->setWindowTitle(count == 0 ? tr("Problems") : tr("Problems (%1)").arg(count));
  });
  connect(canvas_->scene(), &BuilderScene::blockSelectionChanged, this,
          [this](const QStringList& ids) {
            properties_->showBlock(ids.size() == 1 ? ids.front() : QString());
          });
  createTrainingPanels();
}

void MainWindow::createTrainingPanels() {
  TrainingCockpitHost host;
  host.window = this;
  host.viewMenu = viewMenu_;
  host.project = [this] { return document_->project(); };
  host.setSettings = [this](const DatasetSettings& dataset, const TrainingSettings& training) {
    document_->setSettings(dataset, training);
  };
  host.projectFile = [this] { return projects_->filePath(); };
  host.addDock = [this](QWidget* panel, const QString& title, const QString& name,
                        Qt::DockWidgetArea area) { return addPanel(panel, title, name, area); };
  training_ = new TrainingCockpit(std::move(host), devices_, this);
  // The builder's problems join the tabs beside the charts rather than a column of their own.
  auto* progressDock = findChild<QDockWidget*>(QStringLiteral("trainingProgressDock"));
  tabifyDockWidget(progressDock, findChild<QDockWidget*>(QStringLiteral("problemsDock")));
  progressDock->raise();
  resizeDocks({findChild<QDockWidget*>(QStringLiteral("paletteDock"))}, {170}, Qt::Horizontal);
  connect(projects_, &ProjectController::projectChanged, training_,
          &TrainingCockpit::reloadProject);
  connect(document_, &GraphDocument::settingsChanged, training_, &TrainingCockpit::reloadProject);
  connect(document_, &GraphDocument::modelReset, training_, &TrainingCockpit::reloadProject);
  // The inference panel predicts with the newest trained model (the best one of a run).
  inference_ = new InferenceController(this);
  addPanel(inference_->panel(), tr("Inference"), QStringLiteral("inferencePanel"),
           Qt::RightDockWidgetArea, false);
  connect(training_->controller(), &TrainingController::finished, this,
          [this](const RunSummary& summary, const QString&) {
            const std::string& model =
                summary.best_checkpoint.empty() ? summary.last_checkpoint : summary.best_checkpoint;
            if (model.empty()) return;
            latestModel_ = QString::fromStdString(model);
            inference_->setModelPath(latestModel_);
          });
  auto* trainingMenu = new QMenu(tr("&Training"), this);
  trainingMenu->setObjectName(QStringLiteral("trainingMenu"));
  trainingMenu->addActions(training_->runActions());
  menuBar()->insertMenu(helpMenuAction(), trainingMenu);
}

QAction* MainWindow::helpMenuAction() const {
  return findChild<QMenu*>(QStringLiteral("helpMenu"))->menuAction();
}

ExportDialog* MainWindow::exportModel() {
  // The model trained last in this session, else the newest one on disk for this project.
  const QString runsOwner = TrainingController::runsOwnerFile(projects_->filePath());
  QString checkpoint = latestModel_;
  if (checkpoint.isEmpty() || !QFileInfo(checkpoint).isDir()) {
    const auto newest = newest_trained_model(QFile::encodeName(runsOwner).toStdString());
    checkpoint = newest ? QFile::decodeName(newest->string().c_str()) : QString();
  }
  const bool saved = !projects_->filePath().isEmpty();
  const QFileInfo project(projects_->filePath());
  const QString folder = saved ? project.absolutePath() : QDir::homePath();
  const QString baseName = saved ? project.completeBaseName() : QStringLiteral("model");
  auto* dialog = new ExportDialog(checkpoint, folder, baseName, this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &ExportDialog::openInInference, this, [this](const QString& path) {
    inference_->setModelPath(path);
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("inferencePanel"))) {
      dock->show();
      dock->raise();
    }
  });
  dialog->open();
  return dialog;
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
}

void MainWindow::updateForProject() {
  const bool open = projects_->isOpen();
  pages_->setCurrentWidget(open ? static_cast<QWidget*>(canvas_) : startPage_);
  for (QAction* action : std::as_const(projectActions_)) action->setEnabled(open);
  editActions_->setEnabled(open);
  for (QDockWidget* dock : std::as_const(projectDocks_)) showForProject(dock, open);
  if (open) canvas_->view()->fitToView();
  updateTitle();
}

void MainWindow::showForProject(QDockWidget* dock, bool open) {
  // The start page needs no builder docks; those the user had open come back with a project.
  constexpr const char* kHidden = "hiddenForStartPage";
  if (!open && !dock->isHidden()) {
    dock->setProperty(kHidden, true);
    dock->hide();
  } else if (open && dock->property(kHidden).toBool()) {
    dock->setProperty(kHidden, false);
    dock->show();
  }
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
  restoreState(defaultState_);
  updateForProject();
  training_->arrangeDocks();
}

void MainWindow::restoreWindowGeometry() {
  const QByteArray geometry = settings::kMainWindowGeometry.value();
  if (geometry.isEmpty() || !restoreGeometry(geometry)) resize(1400, 900);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!training_->confirmStop(this) || !projects_->maybeSave()) {
    event->ignore();
    return;
  }
  projects_->discardRecovery();
  // The window's size as the user left it; then the dock layout the builder uses, not the start
  // page's (showing those docks may grow the window, which must not be remembered).
  settings::kMainWindowGeometry.setValue(saveGeometry());
  for (QDockWidget* dock : std::as_const(projectDocks_)) showForProject(dock, true);
  settings::kMainWindowState.setValue(saveState());
  event->accept();
}

}  // namespace convstudio
