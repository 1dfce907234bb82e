#pragma once
// Training > Run On… and Stop Remote Run: submits the open project to a remote target (the
// dialog's choice) on a worker thread, keeps the run's local mirror up to date (RemoteRunMirror)
// and shows it in the cockpit through RunFollowing, whose badge names the target and says
// "reconnecting…" while the link is lost. Stop sends SIGTERM to the remote process group or
// scancels the job; the run writes its checkpoint, which comes back with the rest.

#include <QObject>
#include <QString>

#include "convstudio/remote/remote_training.h"

class QAction;
class QWidget;

namespace convstudio {

class ProjectController;
class RemoteRunMirror;
class RunFollowing;
class TrainingCockpit;

class RemoteRuns : public QObject {
  Q_OBJECT

 public:
  RemoteRuns(ProjectController* projects, TrainingCockpit* cockpit, RunFollowing* following,
             QWidget* window);

  QAction* runOnAction() const { return runOn_; }
  QAction* stopAction() const { return stop_; }
  RemoteRunMirror* mirror() const { return mirror_; }

 public slots:
  void runOn();
  // Without the dialog (tests): submits on a worker thread, then follows.
  void submit(const RemoteTarget& target, const SubmitRequest& request);
  // Follows a run already submitted (its record in `run`).
  void follow(RemoteRun run);

 private:
  void onMirrored();
  void onEnded(RemoteRunState state);
  void message(const QString& text);

  ProjectController* projects_;
  TrainingCockpit* cockpit_;
  RunFollowing* following_;
  QWidget* window_;
  QAction* runOn_ = nullptr;
  QAction* stop_ = nullptr;
  RemoteRunMirror* mirror_ = nullptr;
  bool followed_ = false;  // RunFollowing follows the mirror (its run.json has come)
};

}  // namespace convstudio
