#pragma once
// The studio's main window: menus, the main toolbar, the central page (start page, or the
// builder canvas while a project is open) and the docks around it. Remembers its geometry and
// dock layout, and reopens the last project when asked to.

#include <QMainWindow>

#include "convstudio/system_info.h"

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
class ProblemsWidget;
class ProjectController;
class PropertiesWidget;
class RunFollowing;
class StartPage;
class TrainingCockpit;
struct StudioDocks;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);

  QMenu* viewMenu() const { return viewMenu_; }
  // The open project (the document stays the same object for the window's life; opening a
  // file resets it and emits modelReset).
  GraphDocument* document() const { return document_; }
  ProjectController* projects() const { return projects_; }
  BuilderCanvas* canvas() const { return canvas_; }
  TrainingCockpit* training() const { return training_; }
  InferenceController* inference() const { return inference_; }
  // File > Open Run…: a run folder followed while another process writes it.
  RunFollowing* following() const { return following_; }
  ModelImporter* importer() const { return importer_; }
  MainToolBar* toolBar() const { return toolBar_; }
  StartPage* startPage() const { return startPage_; }
  QDockWidget* paletteDock() const { return paletteDock_; }
  QDockWidget* propertiesDock() const { return propertiesDock_; }
  QDockWidget* problemsDock() const { return problemsDock_; }
  QDockWidget* inferenceDock() const { return inferenceDock_; }
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

 private:
  void createMenus();
  void createPanels();
  void createTrainingPanels();
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

  BuildInfo build_;
  DeviceReport devices_;
  GraphDocument* document_ = nullptr;
  ProjectController* projects_ = nullptr;
  ModelImporter* importer_ = nullptr;
  QStackedWidget* pages_ = nullptr;
  StartPage* startPage_ = nullptr;
  BuilderCanvas* canvas_ = nullptr;
  PaletteWidget* palette_ = nullptr;
  PropertiesWidget* properties_ = nullptr;
  ProblemsWidget* problems_ = nullptr;
  EditActions* editActions_ = nullptr;
  MainToolBar* toolBar_ = nullptr;
  QMenu* fileMenu_ = nullptr;
  QMenu* viewMenu_ = nullptr;
  QMenu* panelsMenu_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  QMenu* helpMenu_ = nullptr;
  QAction* fitAction_ = nullptr;
  QList<QAction*> projectActions_;  // enabled only while a project is open
  QList<QDockWidget*> projectDocks_;
  QDockWidget* paletteDock_ = nullptr;
  QDockWidget* propertiesDock_ = nullptr;
  QDockWidget* problemsDock_ = nullptr;
  QDockWidget* inferenceDock_ = nullptr;
  TrainingCockpit* training_ = nullptr;
  InferenceController* inference_ = nullptr;
  RunFollowing* following_ = nullptr;
  QString chosenModel_;  // a model the user picked for inference; kept until the project changes
  bool projectReplaced_ = true;       // the document was reset since updateForProject last ran
  bool shownOnce_ = false;            // the first show fits the window to the screen
  bool builderDocksShown_ = true;     // false while the start page has hidden them
  bool defaultSizesPending_ = false;  // the default layout waits for the window to be shown
  QTimer* trainedModelsRefresh_ = nullptr;  // graph edits change which checkpoints fit
  QByteArray dockedState_;                  // every dock in its side, none tabbed
  QByteArray builderLayout_;  // the builder's dock layout while the start page shows; empty: none
};

}  // namespace convstudio
