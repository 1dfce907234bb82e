#pragma once
// Trains the project's run queue (PROJECT.runs/queue.json, run_queue.h) one entry after another
// on the TrainingController's worker: starts the next entry whenever the controller is idle and
// the queue is not paused, records each entry's run folder and end, and saves the queue file at
// every change. An entry left Running by a studio that closed or crashed mid-run resumes from its
// run's last checkpoint, in the same run folder, when its project is opened again. A queued run the
// user stops pauses the queue and waits to go on from its checkpoint. Runs started by hand are
// not the queue's: their end only lets the next entry start.

#include <QObject>
#include <QString>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/result.h"
#include "convstudio/runs/run_queue.h"
#include "training_metatypes.h"

namespace convstudio {

struct RunStart;
class TrainingController;

class RunQueueRunner : public QObject {
  Q_OBJECT

 public:
  // Started, or held back for now (a finder is measuring): tried again when that ends.
  enum class Start { Started, HeldBack };
  // Starts a run of `project` as `how` says, through whoever shows runs (the cockpit resets its
  // charts first); the Error when it could not start.
  using StartRun = std::function<Result<Start>(const Project& project, const RunStart& how)>;

  RunQueueRunner(TrainingController* controller, StartRun startRun, QObject* parent = nullptr);

  // The project whose queue this is (the runs owner file, ProjectController::runsOwnerFile);
  // empty: none. Reads its queue, and resumes or starts an entry when the controller is idle.
  void setProjectFile(const QString& projectFile);
  QString projectFile() const { return projectFile_; }
  const RunQueue& queue() const { return queue_; }
  // The id of the entry training now; empty when none (or the run going was started by hand).
  QString activeEntry() const { return QString::fromStdString(activeId_); }
  bool isPaused() const { return queue_.paused; }
  // Entries not yet ended (Queued or Running).
  int pendingCount() const;

  // Appends entries (fresh ids) and starts the first when idle; the Error when the queue file
  // cannot be read or written (the entries are not kept then).
  std::optional<Error> add(std::vector<QueuedRun> runs);
  // Changes the queue as `change` does (a study drawing its next trial), saves it and starts the
  // next entry when idle; the Error when the queue file cannot be written (the change is undone).
  std::optional<Error> edit(const std::function<void(RunQueue&)>& change);
  // Stops the entry training as ended rather than paused (a study's pruner stopped it): it is
  // marked Cancelled with its run folder and checkpoint kept, run.json says "pruned" and
  // `reason`, and the queue goes on.
  void endActive(const std::string& reason);
  // Moves a waiting entry one place up (-1) or down (+1).
  bool move(const QString& id, int direction);
  // Removes an entry; the running one is stopped first and removed when it has ended.
  bool remove(const QString& id);
  // Paused: the entry training finishes, the next does not start.
  void setPaused(bool paused);
  // For the window's close (and its destructor's path), or before its project is replaced:
  // stops the entry training, which keeps its checkpoint and stays Running in the queue file, so
  // the next start (or opening its project again) resumes it.
  void stopForClose();

 public slots:
  // Starts the next entry when the controller is idle and the queue is not paused (called on
  // every change; the cockpit calls it too when something that held runs back has ended).
  void startNext();

 signals:
  // The queue or an entry's state changed (also when the file was read again).
  void queueChanged();
  // The running entry's progress, 0..1.
  void progressChanged(const QString& id, double fraction);
  // Something went wrong that the user should read: the queue file, a run that would not start.
  void problem(const QString& message);

 private:
  void onFinished(const RunSummary& summary, const QString& runFolder);
  void startNextSoon();
  // Records the end of the active entry when its project is no longer the open one.
  void markElsewhere(const std::string& id, QueuedRunState state);
  // Writes the queue; a failure is reported (problem()) and returned, the queue in memory stays
  // as it is. A queue file that could not be read is not overwritten: its read Error comes back.
  std::optional<Error> save();

  TrainingController* controller_;
  StartRun startRun_;
  QString projectFile_;
  RunQueue queue_;
  std::optional<Error> loadError_;  // the queue file could not be read: it is not overwritten
  std::string activeId_;            // the entry that is training
  QString activeOwner_;   // the project file whose queue holds it (it may be closed since)
  QString activeFolder_;  // its run folder
  bool removeWhenEnded_ = false;
  bool endWhenStopped_ = false;  // endActive(): the stop ends the entry, the queue goes on
  bool closing_ = false;
};

}  // namespace convstudio
