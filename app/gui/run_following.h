#pragma once
// File > Open Run…: shows a run folder that another process writes (a CLI run, a job whose
// folder is mounted here) in the cockpit as if it trained here, and follows it while it grows:
// charts, progress, confusion matrix and the Runs dock, with a Following badge that shows the
// lag; its checkpoints are offered to inference and export. The run's own project opens first
// when it is not the open one (the project file beside its runs folder, else the copy run.json
// keeps).

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

#include "convstudio/error.h"

class QAction;
class QWidget;

namespace convstudio {

class FollowBadge;
class ProjectController;
class RunFollowWatcher;
class TrainingCockpit;
struct RunFollowUpdate;

class RunFollowing : public QObject {
  Q_OBJECT

 public:
  RunFollowing(ProjectController* projects, TrainingCockpit* cockpit, QWidget* window);
  ~RunFollowing() override;

  // File > Open Run…
  QAction* openAction() const { return open_; }
  FollowBadge* badge() const { return badge_; }
  // The followed run folder; empty when none is followed.
  QString folder() const;
  RunFollowWatcher* watcher() const { return watcher_; }

 public slots:
  // Asks for a run folder and follows it.
  void openRun();
  // Without the folder dialog (tests, --follow): the Error (with its place) when the folder
  // cannot be followed (not a run folder, a run training here, its project not opened); none
  // when it is followed or the user cancelled replacing the open project.
  std::optional<Error> follow(const QString& folder);
  void stop();
  // The followed folder mirrors a run on `target` (Training > Run On…); `trouble` non-empty
  // while its link is lost. The badge names the target and says "reconnecting…".
  void setRemote(const QString& target, const QString& trouble);

 signals:
  // A checkpoint was written or the run ended: what inference and export offer changed.
  void checkpointsChanged();

 private:
  std::optional<Error> openProjectOf(const QString& folder, bool& cancelled);
  void show(const RunFollowUpdate& update);
  // The run's outcome in the log and the progress view.
  void showEnd();
  void updateBadge();

  ProjectController* projects_;
  TrainingCockpit* cockpit_;
  QWidget* window_;
  QAction* open_ = nullptr;
  FollowBadge* badge_ = nullptr;
  RunFollowWatcher* watcher_ = nullptr;
  QString owner_;          // the runs owner of the project open while following
  QString problem_;        // the last look's problem; empty once a look succeeds
  QString remoteTarget_;   // the target of a remote run's mirror; empty for other folders
  QString remoteTrouble_;  // its lost link's problem; empty while the link holds
};

}  // namespace convstudio
