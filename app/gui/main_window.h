#pragma once
// The studio's main window: menus, the main toolbar, the central page (start page, or the
// builder canvas while a project is open) and the docks around it. Remembers its geometry and
// dock layout, and reopens the last project when asked to.

#include <QMainWindow>

#include <vector>

#include "action_spec.h"
#include "convstudio/system_info.h"
#include "default_dock_layout.h"

class QAction;
class QDockWidget;
class QMenu;
class QStackedWidget;
class QTimer;

namespace convstudio {

class BuilderCanvas;
class EditActions;
class ExportDialog;
class InferenceController;
class GraphDocument;
class MainToolBar;
class ModelImporter;
class PaletteWidget;
class ProfileController;
class ProblemsWidget;
class ProjectController;
class PropertiesWidget;
class RunFollowing;
class StartPage;
class TrainingCockpit;

// The builder's panels beside the canvas.
struct BuilderPanels {
  PaletteWidget* palette = nullptr;
  PropertiesWidget* properties = nullptr;
  ProblemsWidget* problems = nullptr;
};

// The menus filled after they are made, and the actions a project enables.
struct MainMenus {
  QMenu* view = nullptr;           // panels add their toggles here (addPanel)
  QMenu* recent = nullptr;         // File > Open Recent
  QMenu* training = nullptr;       // the training cockpit's run actions
  QList<QAction*> projectActions;  // enabled only while a project is open
};

// The builder's dock layout as it leaves with the start page and comes back (showBuilderDocks).
struct BuilderDockLayout {
  QList<QDockWidget*> projectDocks;  // hidden while no project is open
  QByteArray docked;                 // every dock in its side, none tabbed
  QByteArray builder;  // the builder's dock layout while the start page shows; empty: none
  bool builderDocksShown = true;     // false while the start page has hidden them
  bool defaultSizesPending = false;  // the default layout waits for the window to be shown
};

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);

  QMenu* viewMenu() const { return menus_.view; }
  // The open project (the document stays the same object for the window's life; opening a
  // file resets it and emits modelReset).
  GraphDocument* document() const { return document_; }
  ProjectController* projects() const { return projects_; }
  BuilderCanvas* canvas() const { return canvas_; }
  TrainingCockpit* training() const { return training_; }
  // The profiler's dock, canvas colours and summary note (Training > Profile Training Steps).
  ProfileController* profiler() const { return profiler_; }
  InferenceController* inference() const { return inference_; }
  // File > Open Run…: a run folder followed while another process writes it.
  RunFollowing* following() const { return following_; }
  ModelImporter* importer() const { return importer_; }
  MainToolBar* toolBar() const { return toolBar_; }
  StartPage* startPage() const { return startPage_; }
  QDockWidget* paletteDock() const { return docks_.palette; }
  QDockWidget* propertiesDock() const { return docks_.properties; }
  QDockWidget* problemsDock() const { return docks_.problems; }
  QDockWidget* inferenceDock() const { return docks_.inference; }
  // Adds a dock (its content scrolls when the dock is small) with a View menu entry that shows
  // and hides it. Docks are hidden while no project is open when `projectOnly` is set.
  QDockWidget* addPanel(QWidget* panel, const QString& title, const QString& objectName,
                        Qt::DockWidgetArea area, bool projectOnly = true);

 public slots:
  void showAbout();
  void resetLayout();
  // File > Export Trained Model: the project's trained models in any format, its default one
  // (the best of the newest finished run) chosen.
  ExportDialog* exportModel();
  // At start-up: the project open when the studio was last closed, when the setting allows;
  // false when none was opened.
  bool reopenLastProject();
  // The project's trained models as the Inference panel offers them; loads the default one
  // unless the user chose another.
  void refreshTrainedModels();

 protected:
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;
  bool event(QEvent* event) override;

 private:
  struct DockRow;
  // The menus' actions, one table per menu (action_spec.h): adding an action is one row.
  std::vector<ActionSpec> fileMenuTable();
  std::vector<ActionSpec> viewMenuTable();
  std::vector<ActionSpec> helpMenuTable();
  // The window's docks, one row each, in the View menu's order.
  std::vector<DockRow> dockTable();
  void createMenus();
  void addRows(QMenu* menu, const std::vector<ActionSpec>& rows);
  void createPanels();
  void connectPanels();
  void connectProjects();
  void createTrainingPanels();
  void createRunFollowing();
  // A confusion-matrix cell clicked, or the gallery's Explain these: their images in the
  // Inference panel's Image set tab.
  void connectExplainSets();
  void createToolBar();
  // The default dock layout (default_dock_layout.h), from any layout.
  void arrangeDefaultLayout();
  StudioDocks studioDocks() const;
  // Start page or builder: the builder's docks leave with their layout and come back with it.
  void showBuilderDocks(bool show);
  void sizeDefaultLayoutWhenShown();
  void updateRecentMenu();
  void updateForProject();
  void updateTitle();
  void restoreWindowGeometry();
  void showDeviceInStatusBar();

  DeviceReport devices_;
  GraphDocument* document_ = nullptr;
  ProjectController* projects_ = nullptr;
  ModelImporter* importer_ = nullptr;
  QStackedWidget* pages_ = nullptr;
  StartPage* startPage_ = nullptr;
  BuilderCanvas* canvas_ = nullptr;
  BuilderPanels panels_;
  EditActions* editActions_ = nullptr;
  MainToolBar* toolBar_ = nullptr;
  MainMenus menus_;
  StudioDocks docks_;  // the builder's; the training cockpit keeps its own
  BuilderDockLayout layout_;
  TrainingCockpit* training_ = nullptr;
  ProfileController* profiler_ = nullptr;
  InferenceController* inference_ = nullptr;
  RunFollowing* following_ = nullptr;
  QString chosenModel_;  // a model the user picked for inference; kept until the project changes
  struct Moments {
    bool projectReplaced = true;  // the document was reset since updateForProject last ran
    bool shownOnce = false;       // the first show fits the window to the screen
  } moments_;
  QTimer* trainedModelsRefresh_ = nullptr;  // graph edits change which checkpoints fit
};

}  // namespace convstudio
