#pragma once
// Owns the training thread and its TrainingWorker (Tiled's worker-on-a-QThread pattern): starts
// runs, pauses, resumes and stops them, and re-emits the worker's events on the UI thread. Every
// run is recorded in a new folder of the project's runs (PROJECT.runs/DATE-TIME, named by the
// engine's new_run_folder).

#include <QList>
#include <QObject>
#include <QString>
#include <QThread>

#include <optional>

#include "convstudio/model/project.h"
#include "convstudio/result.h"
#include "training_metatypes.h"
#include "training_worker.h"

class QWidget;

namespace convstudio {

class PeerRankProcesses;

// How a run starts besides its project: from a checkpoint, and in a folder of its own or in the
// checkpoint's run folder; and whether it is an entry of the run queue.
struct RunStart {
  QString resumeCheckpoint;
  // Resumes into the run folder that holds the checkpoint (RUN/last.ckpt), whose record goes
  // on, instead of a new folder: an interrupted queue entry stays one run.
  bool continueInCheckpointFolder = false;
  RunRecordOptions record;  // `continues` is set by start()
};

class TrainingController : public QObject {
  Q_OBJECT

 public:
  explicit TrainingController(QObject* parent = nullptr);
  // Stops a running run (it keeps its checkpoint), then quits and waits for the thread.
  ~TrainingController() override;

  bool isRunning() const { return running_; }
  bool isPaused() const { return running_ && state_ == RunState::Paused; }
  RunState state() const { return state_; }
  // The current (or last) run's folder.
  QString runFolder() const { return runFolder_; }

  // Starts training a copy of `project` in a new folder under the runs folder of
  // `runsOwnerFile` (ProjectController::runsOwnerFile); the run's folder, or the Error (with the
  // folder as its place when it is the folder's) while another run is going or the folder cannot
  // be made or is another run's. A project with several processes (data-parallel)
  // trains rank 0 here and starts the other ranks as processes of `peerProgram()`; the run's
  // events are rank 0's, which speak for all (loss, accuracy and per-rank speed and memory).
  Result<QString> start(const Project& project, const QString& runsOwnerFile,
                        const QString& resumeCheckpoint = {});
  Result<QString> start(const Project& project, const QString& runsOwnerFile, const RunStart& how);
  void pause();
  void resume();
  // Asks the run to stop; it ends within one batch, writing a checkpoint, then finished().
  void stop();
  // Stops the run as a study's pruner does: run.json says "pruned" and `reason`.
  void stopAsPruned(const std::string& reason);
  // Stops and keeps the UI responsive until the run has ended.
  void stopAndWait();
  // For the window's close: when a run is going, asks whether to stop it; stops it and waits
  // when the user agrees. True when the window may close.
  bool confirmStop(QWidget* parent);

  // The program the other ranks of a data-parallel run are (default: convstudio-cli-engine
  // beside this executable).
  QString peerProgram() const { return peerProgram_; }
  void setPeerProgram(const QString& program) { peerProgram_ = program; }
  // The other ranks' processes while they run (rank 1 first); empty for a run of one process.
  QList<qint64> peerProcessIds() const;

  // Hands cached GPU memory back to the driver; the engine's sentence saying what was done.
  static QString releaseCachedMemory(const QString& device);

 signals:
  void stepped(const convstudio::StepMetrics& step);
  void epochEnded(const convstudio::EpochMetrics& epoch);
  void stateChanged(convstudio::RunState state, const QString& message);
  void logged(const convstudio::LogLine& line);
  void failed(const convstudio::RunError& error);
  void finished(const convstudio::RunSummary& summary, const QString& runFolder);

 private:
  void onFinished(const RunSummary& summary, const QString& runFolder);
  // Writes the project for the other ranks and starts them; the Error when it cannot.
  std::optional<Error> startPeers(const Project& project, const QString& folder,
                                  const QString& resumeCheckpoint, RunOptions& options);
  void endRun();

  QThread thread_;
  TrainingWorker* worker_ = nullptr;  // lives on thread_; deleted when it finishes
  PeerRankProcesses* peers_ = nullptr;
  QString peerProgram_;
  // Rank 0's summary while the other ranks of a data-parallel run are still ending.
  std::optional<RunSummary> endedSummary_;
  bool running_ = false;
  RunState state_ = RunState::Finished;
  QString runFolder_;
};

}  // namespace convstudio
