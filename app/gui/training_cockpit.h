#pragma once
// The training cockpit: creates the training docks (settings, charts, progress, log, confusion
// matrix, misclassified images, runs, run queue) on a main window, adds their toggles to its View
// menu, and connects them to a TrainingController. Knows the project only through the host's
// callbacks, so it stays independent of the builder's document model.

#include <QList>
#include <QObject>
#include <QString>

#include <array>
#include <functional>
#include <vector>

#include "convstudio/model/project.h"
#include "convstudio/result.h"
#include "convstudio/system_info.h"
#include "default_dock_layout.h"
#include "training_metatypes.h"

class QAction;
class QDockWidget;
class QLabel;
class QMainWindow;
class QMenu;

namespace convstudio {

class ConfusionPanel;
class DatasetPreviewLoader;
class MisclassifiedGallery;
class MisclassifiedPanel;
class QueueActions;
class RunsList;
struct RunStart;
class TrainingCharts;
class TrainingController;
class TrainingLogView;
class TrainingProgressView;
class TrainingSettingsPanel;
class TuningActions;

struct TrainingCockpitHost {
  QMainWindow* window = nullptr;
  QMenu* viewMenu = nullptr;         // dock toggles go here (unless addDock does it)
  std::function<Project()> project;  // the open project, as it is now
  // Whether a project is open; unset means always (a cockpit of its own). Without a project
  // nothing can be trained.
  std::function<bool()> isOpen;
  std::function<void(const DatasetSettings&, const TrainingSettings&)> setSettings;
  // The file whose PROJECT.runs/ folder holds the project's runs (ProjectController::
  // runsOwnerFile): the project's file, or an unsaved project's own name in the data folder.
  std::function<QString()> runsOwner;
  // Optional: adds a dock and its View menu toggle (e.g. MainWindow::addPanel, which also hides
  // project docks on the start page). Unset: the cockpit adds plain docks and toggles itself.
  std::function<QDockWidget*(QWidget* panel, const QString& title, const QString& objectName,
                             Qt::DockWidgetArea area)>
      addDock;
  // Optional: selects a block on the canvas and scrolls it into view (an error's place).
  std::function<void(const QString& blockId)> showBlock;
};

// The cockpit's views, one per dock.
struct TrainingViews {
  TrainingSettingsPanel* settings = nullptr;
  TrainingCharts* charts = nullptr;
  TrainingProgressView* progress = nullptr;
  TrainingLogView* log = nullptr;
  ConfusionPanel* confusion = nullptr;  // the matrix and the per-class figures
  MisclassifiedGallery* gallery = nullptr;
  MisclassifiedPanel* galleryPanel = nullptr;  // the gallery and its Explain these button
  RunsList* runs = nullptr;
};

class TrainingCockpit : public QObject {
  Q_OBJECT

 public:
  TrainingCockpit(TrainingCockpitHost host, const DeviceReport& devices, QObject* parent = nullptr);

  // For the window's closeEvent: true when no run is going or the user agreed to stop it (it
  // has then stopped, keeping its checkpoint).
  bool confirmStop(QWidget* parent);

  QList<QDockWidget*> docks() const { return dockList_; }
  // The training docks in the window's default layout (the builder's left unset).
  const StudioDocks& studioDocks() const { return docks_; }
  QDockWidget* settingsDock() const { return docks_.trainingSettings; }
  QDockWidget* runsDock() const { return docks_.runs; }
  QDockWidget* queueDock() const { return docks_.queue; }
  QDockWidget* chartsDock() const { return docks_.charts; }
  QDockWidget* progressDock() const { return docks_.progress; }
  QDockWidget* logDock() const { return docks_.log; }
  QDockWidget* confusionDock() const { return docks_.confusion; }
  QDockWidget* galleryDock() const { return docks_.gallery; }
  // Start, Pause/Resume, Stop, Resume from Checkpoint…, Release Cached GPU Memory, Find Learning
  // Rate…, and the run queue's actions: for a menu.
  QList<QAction*> runActions() const { return runActions_; }
  QAction* startAction() const { return actions_[Start]; }
  QAction* pauseAction() const { return actions_[Pause]; }
  QAction* stopAction() const { return actions_[Stop]; }

  TrainingController* controller() const { return controller_; }
  TrainingSettingsPanel* settingsPanel() const { return views_.settings; }
  TrainingCharts* charts() const { return views_.charts; }
  TrainingProgressView* progress() const { return views_.progress; }
  TrainingLogView* log() const { return views_.log; }
  ConfusionPanel* confusion() const { return views_.confusion; }
  MisclassifiedGallery* gallery() const { return views_.gallery; }
  MisclassifiedPanel* galleryPanel() const { return views_.galleryPanel; }
  RunsList* runs() const { return views_.runs; }
  // The learning-rate and batch-size finders.
  TuningActions* tuning() const { return tuning_; }
  // The run queue: its dock, actions and runner.
  QueueActions* queue() const { return queue_; }

 public slots:
  // Re-reads the project (opened, closed, or its settings changed elsewhere). A project in a
  // new place (opened, closed, saved elsewhere) also shows its newest run from disk: charts,
  // confusion matrix and outcome, as they were when it ended.
  void reloadProject();
  // The graph or the settings changed: an old failure no longer describes them.
  void clearStaleFailure();
  bool startTraining(const QString& resumeCheckpoint = {});
  // Points at the place `error` names: a block is selected on the canvas (host's showBlock), a
  // setting's editor gets the keyboard (its dock raised). A file's place is in describe(), which
  // every message shows. False when the error names neither.
  bool pointAt(const convstudio::Error& error);
  void resumeFromCheckpoint();
  void releaseCachedMemory();
  // Sets the searched settings of the current study's best trial on the project, as one
  // undoable edit; false when there is no best trial (or its values do not apply).
  bool applyBestStudySettings();

 signals:
  // A run ended and its files are complete (after onFinished's own updates): the window
  // refreshes what it offers from the project's runs (export, inference).
  void runRecorded(const QString& runFolder);

 private:
  // The run actions, in the order of their table (runActionTable) and of the Training menu.
  enum RunAction { Start, Pause, Stop, ResumeCheckpoint, Release, RunActionCount };
  struct RunGate;
  struct RunActionRow;
  struct DockRow;
  // The cockpit's docks, one row each, in the View menu's order.
  std::vector<DockRow> dockTable();
  // The run actions: text, shortcut, icon, handler and when each is enabled.
  std::array<RunActionRow, RunActionCount> runActionTable();
  void createDocks();
  void createActions();
  void createTuning();
  void connectViews();
  void connectPreview();
  void connectController();
  void connectStudies();
  QDockWidget* addDock(QWidget* panel, const QString& title, const char* objectName,
                       Qt::DockWidgetArea area);
  // Shows and starts a run of `project` (the open one, or a queued copy): its folder, or the
  // Error that stopped it (shown, and pointed at for the open project's run).
  Result<QString> startRun(const Project& project, const RunStart& how);
  void onStateChanged(RunState state, const QString& message);
  void onFailed(const RunError& error);
  void onFinished(const RunSummary& summary, const QString& runFolder);
  void updateStartAllowed();
  bool projectOpen() const;
  QString runsOwnerFile() const;
  // The newest recorded run of the project, shown as if it had just ended.
  void showLastRun();
  // A run that ended after its project moved (Save As during the run) follows it.
  void carryFinishedRun(const QString& runFolder);

  TrainingCockpitHost host_;
  DeviceReport devices_;
  TrainingController* controller_ = nullptr;
  DatasetPreviewLoader* previewLoader_ = nullptr;
  TrainingViews views_;
  TuningActions* tuning_ = nullptr;
  QueueActions* queue_ = nullptr;
  QLabel* statusLabel_ = nullptr;
  QLabel* blockedLabel_ = nullptr;  // in the status bar: why Train is disabled
  StudioDocks docks_;
  QList<QDockWidget*> dockList_;
  std::array<QAction*, RunActionCount> actions_{};
  QList<QAction*> runActions_;
  TrainingSettings runSettings_;  // of the run in progress (the OOM dialog's starting point)
  QString runOwner_;              // the runs owner when the run in progress started
  QString shownOwner_;            // whose runs the cockpit shows (reloadProject)
  QString shownRun_;              // the run the charts show (its folder name)
  bool failureShown_ = false;     // the progress view and status bar show a failed start/run
  bool ownRun_ = false;           // the run going is the open project's (not a queued copy)
};

}  // namespace convstudio
