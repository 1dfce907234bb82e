// The main window's menu bar: one table of actions per menu (File, View, Help); Edit's actions
// are the canvas's and Training's the cockpit's. Apart from main_window.cpp so that a menu row is
// found, and added, in one short file.

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

std::vector<ActionSpec> MainWindow::fileMenuTable() {
  ProjectController* p = projects_;
  // Each action that replaces the open project asks first (ProjectController::confirmReplace).
  return {
      {.text = tr("&New Project…"),
       .shortcut = QKeySequence::New,
       .objectName = "newProjectAction",
       .triggered = [p] { p->newProject(); }},
      {.text = tr("&Open…"),
       .shortcut = QKeySequence::Open,
       .objectName = "openProjectAction",
       .triggered = [p] { p->open(); }},
      {.text = tr("Open &Recent"), .objectName = "recentMenu", .submenu = &menus_.recent},
      {.text = tr("Open the &Example"),
       .objectName = "openExampleAction",
       .triggered = [p] { p->openExampleAsking(); }},
      {.text = tr("&Import Model…"),
       .objectName = "importModelAction",
       .toolTip = tr("Turn an ONNX classifier (from PyTorch or elsewhere) into a project with "
                     "its weights"),
       .triggered = [this] { importer_->importWithDialogs(); }},
      separatorSpec(),
      {.text = tr("&Save"),
       .shortcut = QKeySequence::Save,
       .triggered = [p] { p->save(); },
       .needsProject = true},
      {.text = tr("Save &As…"),
       // Spelled out: QKeySequence::SaveAs is empty on desktops whose theme names none (GNOME,
       // a bare X session), and users look for Ctrl+Shift+S everywhere.
       .shortcut = QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S),
       .objectName = "saveAsAction",
       .triggered = [p] { p->saveAs(); },
       .needsProject = true},
      {.text = tr("&Close Project"),
       .shortcut = QKeySequence::Close,
       .objectName = "closeProjectAction",
       .triggered = [p] { p->closeAsking(); },
       .needsProject = true},
      separatorSpec(),
      {.text = tr("Recover &Unsaved Runs…"),
       .objectName = "recoverUnsavedRunsAction",
       .toolTip = tr("Open again a project that was closed without being saved, from the runs it "
                     "left in the data folder"),
       .triggered = [p] { p->recoverUnsavedRuns(); }},
      separatorSpec(),
      {.text = tr("&Export Trained Model…"),
       .shortcut = QKeySequence(Qt::CTRL | Qt::Key_E),
       .objectName = "exportModelAction",
       .toolTip = tr("Write a trained model of this project as TorchScript, ONNX, safetensors or "
                     "PyTorch code"),
       .triggered = [this] { exportModel(); },
       .needsProject = true},
      separatorSpec(),
      {.text = tr("Reopen the Last Project at Start"),
       .objectName = "reopenLastProjectAction",
       .toggled = [](bool on) { settings::kReopenLastProject.setValue(on); },
       .checked = settings::kReopenLastProject.value()},
      separatorSpec(),
      {.text = tr("&Quit"),
       .shortcut = QKeySequence::Quit,
       .triggered = [this] { close(); },
       .role = QAction::QuitRole},
  };
}

std::vector<ActionSpec> MainWindow::viewMenuTable() {
  BuilderView* view = canvas_->view();
  const QIcon fitIcon = QIcon::fromTheme(QStringLiteral("zoom-fit-best"),
                                         style()->standardIcon(QStyle::SP_TitleBarMaxButton));
  return {
      {.text = tr("&Full Screen"),
       .shortcut = QKeySequence::FullScreen,
       .toggled =
           [this](bool on) { setWindowState(windowState().setFlag(Qt::WindowFullScreen, on)); }},
      {.text = tr("&Reset Layout"), .triggered = [this] { resetLayout(); }},
      separatorSpec(),
      {.text = tr("&Fit to View"),
       .shortcut = QKeySequence(Qt::CTRL | Qt::Key_9),
       .objectName = "fitToViewAction",
       .iconText = tr("Fit"),
       .icon = fitIcon,
       .triggered = [view] { view->fitToView(); },
       .needsProject = true},
      {.text = tr("Zoom &In"),
       .shortcut = QKeySequence::ZoomIn,
       .triggered = [view] { view->zoomIn(); },
       .needsProject = true},
      {.text = tr("Zoom &Out"),
       .shortcut = QKeySequence::ZoomOut,
       .triggered = [view] { view->zoomOut(); },
       .needsProject = true},
      {.text = tr("&Actual Size"),
       .shortcut = QKeySequence(Qt::CTRL | Qt::Key_0),
       .triggered = [view] { view->resetZoom(); },
       .needsProject = true},
      {.text = tr("&Overview Map"),
       .toolTip = tr("A map of the whole model in the canvas's corner while part of it is "
                     "out of view"),
       .toggled = [view](bool on) { view->overviewMap()->setWanted(on); },
       .checked = true,
       .needsProject = true},
      {.text = tr("&Snap to Grid"),
       .toggled = [this](bool on) { canvas_->scene()->setSnapToGrid(on); },
       .checked = canvas_->scene()->snapToGrid(),
       .needsProject = true},
      // Panels list their toggle actions after this line (addPanel).
      separatorSpec(),
  };
}

std::vector<ActionSpec> MainWindow::helpMenuTable() {
  return {
      {.text = tr("&About ConvStudio"),
       .triggered = [this] { showAbout(); },
       .role = QAction::AboutRole},
      {.text = tr("About &Qt"),
       .triggered = [] { QApplication::aboutQt(); },
       .role = QAction::AboutQtRole},
  };
}

void MainWindow::addRows(QMenu* menu, const std::vector<ActionSpec>& rows) {
  for (const ActionSpec& row : rows) {
    if (row.submenu) {
      *row.submenu = menu->addMenu(row.text);
      (*row.submenu)->setObjectName(QLatin1String(row.objectName));
      continue;
    }
    QAction* action = makeAction(row, this);
    menu->addAction(action);
    if (row.needsProject) menus_.projectActions << action;
  }
}

// The menu bar, in its order; Edit's actions are the canvas's (EditActions), Training's the
// training cockpit's (createTrainingPanels), and View ends with the panels' toggles (addPanel).
void MainWindow::createMenus() {
  const auto addMenu = [this](const QString& title, const char* objectName) {
    QMenu* menu = menuBar()->addMenu(title);
    menu->setObjectName(QLatin1String(objectName));
    return menu;
  };
  addRows(addMenu(tr("&File"), "fileMenu"), fileMenuTable());
  editActions_ = new EditActions(canvas_, addMenu(tr("&Edit"), "editMenu"), this);
  menus_.view = addMenu(tr("&View"), "viewMenu");
  addRows(menus_.view, viewMenuTable());
  menus_.training = addMenu(tr("&Training"), "trainingMenu");
  addRows(addMenu(tr("&Help"), "helpMenu"), helpMenuTable());
}

}  // namespace convstudio
