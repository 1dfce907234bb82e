#pragma once
// The training cockpit: creates the training docks (settings, charts, progress, log, confusion
// matrix, misclassified images, runs) on a main window, adds their toggles to its View menu,
// and connects them to a TrainingController. Knows the project only through the host's
// callbacks, so it stays independent of the builder's document model.

#include <QList>
#include <QObject>
#include <QString>

#include <functional>

#include "convstudio/model/project.h"
#include "convstudio/system_info.h"
#include "training_metatypes.h"

class QAction;
class QDockWidget;
class QLabel;
class QMainWindow;
class QMenu;

namespace convstudio {

class ConfusionMatrixView;
class DatasetPreviewLoader;
class MisclassifiedGallery;
class RunsList;
class TrainingCharts;
class TrainingController;
class TrainingLogView;
class TrainingProgressView;
class TrainingSettingsPanel;

struct TrainingCockpitHost {
  QMainWindow* window = nullptr;
  QMenu* viewMenu = nullptr;         // dock toggles go here (unless addDock does it)
  std::function<Project()> project;  // the open project, as it is now
  std::function<void(const DatasetSettings&, const TrainingSettings&)> setSettings;
  std::function<QString()> projectFile;  // empty while unsaved
  // Optional: adds a dock and its View menu toggle (e.g. MainWindow::addPanel, which also hides
  // project docks on the start page). Unset: the cockpit adds plain docks and toggles itself.
  std::function<QDockWidget*(QWidget* panel, const QString& title, const QString& objectName,
                             Qt::DockWidgetArea area)>
      addDock;
};

class TrainingCockpit : public QObject {
  Q_OBJECT

 public:
  TrainingCockpit(TrainingCockpitHost host, const DeviceReport& devices, QObject* parent = nullptr);

  // For the window's closeEvent: true when no run is going or the user agreed to stop it (it
  // has then stopped, keeping its checkpoint).
  bool confirmStop(QWidget* parent);

  QList<QDockWidget*> docks() const { return docks_; }
  // Gives the training docks their default sizes (charts widest). Sizes only stick once the
  // window is laid out, so call it again after show() or from the window's Reset Layout.
  Q_SLOT void arrangeDocks();
  // Start, Pause/Resume, Stop, Resume from Checkpoint…, Release Cached GPU Memory: for a menu.
  QList<QAction*> runActions() const { return runActions_; }

  TrainingController* controller() const { return controller_; }
  TrainingSettingsPanel* settingsPanel() const { return settings_; }
  TrainingCharts* charts() const { return charts_; }
  TrainingProgressView* progress() const { return progress_; }
  TrainingLogView* log() const { return log_; }
  ConfusionMatrixView* confusion() const { return confusion_; }
  MisclassifiedGallery* gallery() const { return gallery_; }
  RunsList* runs() const { return runs_; }

 public slots:
  // Re-reads the project (opened, closed, or its settings changed elsewhere).
  void reloadProject();
  bool startTraining(const QString& resumeCheckpoint = {});
  void resumeFromCheckpoint();
  void releaseCachedMemory();

 private:
  void createDocks();
  void createActions();
  void connectController();
  QDockWidget* addDock(QWidget* panel, const QString& title, const char* objectName,
                       Qt::DockWidgetArea area);
  void onStateChanged(RunState state, const QString& message);
  void onFailed(const RunError& error);
  void onFinished(const RunSummary& summary, const QString& runFolder);
  void updateStartAllowed();
  QString runsOwnerFile() const;

  TrainingCockpitHost host_;
  DeviceReport devices_;
  TrainingController* controller_ = nullptr;
  DatasetPreviewLoader* previewLoader_ = nullptr;
  TrainingSettingsPanel* settings_ = nullptr;
  TrainingCharts* charts_ = nullptr;
  TrainingProgressView* progress_ = nullptr;
  TrainingLogView* log_ = nullptr;
  ConfusionMatrixView* confusion_ = nullptr;
  MisclassifiedGallery* gallery_ = nullptr;
  RunsList* runs_ = nullptr;
  QLabel* statusLabel_ = nullptr;
  QList<QDockWidget*> docks_;
  QList<QAction*> runActions_;
  QAction* start_ = nullptr;
  QAction* pause_ = nullptr;
  QAction* stop_ = nullptr;
  QAction* resumeCheckpoint_ = nullptr;
  QAction* release_ = nullptr;
  TrainingSettings runSettings_;  // of the run in progress (the OOM dialog's starting point)
};

}  // namespace convstudio
