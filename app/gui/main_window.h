#pragma once
// The studio's main window: menus, the central page (start page, or the builder canvas while a
// project is open) and the docks around it. Remembers its geometry and dock layout.

#include <QMainWindow>

#include "convstudio/system_info.h"

class QAction;
class QDockWidget;
class QMenu;
class QStackedWidget;

namespace convstudio {

class BuilderCanvas;
class EditActions;
class ExportDialog;
class InferenceController;
class GraphDocument;
class PaletteWidget;
class ProblemsWidget;
class ProjectController;
class PropertiesWidget;
class StartPage;
class TrainingCockpit;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);

  // The folder the built-in example dataset is read from.
  static QString exampleDatasetFolder();

  QMenu* viewMenu() const { return viewMenu_; }
  // The open project (the document stays the same object for the window's life; opening a
  // file resets it and emits modelReset).
  GraphDocument* document() const { return document_; }
  ProjectController* projects() const { return projects_; }
  BuilderCanvas* canvas() const { return canvas_; }
  TrainingCockpit* training() const { return training_; }
  // Adds a dock with a View menu entry that shows and hides it. Docks are hidden while no
  // project is open when `projectOnly` is set.
  QDockWidget* addPanel(QWidget* panel, const QString& title, const QString& objectName,
                        Qt::DockWidgetArea area, bool projectOnly = true);

 public slots:
  void showAbout();
  void resetLayout();
  // File > Export Trained Model: the newest trained model of the project, in any format.
  ExportDialog* exportModel();

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void createMenus();
  void createPanels();
  void createTrainingPanels();
  QAction* helpMenuAction() const;
  void updateRecentMenu();
  void updateForProject();
  void updateTitle();
  void showForProject(QDockWidget* dock, bool open);
  void restoreWindowGeometry();
  void showDeviceInStatusBar();

  BuildInfo build_;
  DeviceReport devices_;
  GraphDocument* document_ = nullptr;
  ProjectController* projects_ = nullptr;
  QStackedWidget* pages_ = nullptr;
  StartPage* startPage_ = nullptr;
  BuilderCanvas* canvas_ = nullptr;
  PaletteWidget* palette_ = nullptr;
  PropertiesWidget* properties_ = nullptr;
  ProblemsWidget* problems_ = nullptr;
  EditActions* editActions_ = nullptr;
  QMenu* viewMenu_ = nullptr;
  QMenu* panelsMenu_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  QList<QAction*> projectActions_;  // enabled only while a project is open
  QList<QDockWidget*> projectDocks_;
  TrainingCockpit* training_ = nullptr;
  InferenceController* inference_ = nullptr;
  QString latestModel_;  // the newest checkpoint trained in this session
  QByteArray defaultState_;
};

}  // namespace convstudio
