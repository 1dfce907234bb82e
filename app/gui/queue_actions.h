#pragma once
// The run queue in the studio: the Queue dock (RunQueueView) with its actions, which the Training
// menu shows too, the sweep dialog, and the RunQueueRunner that trains the queue through the
// cockpit. Queue edits are not edits of the graph: they change the queue file, not the project,
// so they are not on the undo stack.

#include <QObject>
#include <QPointer>

#include <functional>

#include "convstudio/model/project.h"
#include "run_queue_runner.h"

class QAction;
class QWidget;

namespace convstudio {

class RunQueueView;
class StudyRunner;
class SweepDialog;
class TrainingController;

struct QueueHost {
  QWidget* window = nullptr;
  std::function<Project()> project;  // the open project, as it is now
};

class QueueActions : public QObject {
  Q_OBJECT

 public:
  QueueActions(QueueHost host, TrainingController* controller, RunQueueRunner::StartRun startRun,
               QObject* parent = nullptr);

  RunQueueView* view() const { return view_; }
  RunQueueRunner* runner() const { return runner_; }
  // The studies (the Sweep dialog's Search tab) trained through the runner.
  StudyRunner* studies() const { return studies_; }
  // Queue Current Settings, Sweep…, Move Up, Move Down, Remove, Pause/Resume Queue.
  QList<QAction*> actions() const;
  // For the window's close while a queued run trains: asks whether to stop the queue; when the
  // user agrees, the run stops (keeping its checkpoint) and stays Running in the queue file, so
  // the next start resumes it. True when the window may close.
  bool confirmStop(QWidget* parent);
  // The sweep dialog while it is open (tests fill it in).
  SweepDialog* sweepDialog() const;

 public slots:
  // Adds a run of the project as it is now.
  void queueCurrentSettings();
  // Opens the sweep dialog (window-modal); its "Queue N runs" adds the grid, its Search tab's
  // "Start Study" starts a study.
  void showSweepDialog();

 private:
  void refresh();
  // The queue was left as it was: says why.
  void report(const Error& problem);

  QueueHost host_;
  RunQueueRunner* runner_ = nullptr;
  StudyRunner* studies_ = nullptr;
  RunQueueView* view_ = nullptr;
  QPointer<SweepDialog> sweepDialog_;
};

}  // namespace convstudio
