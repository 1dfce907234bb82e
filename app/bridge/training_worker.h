#pragma once
// Runs the engine's Trainer on the training thread (the worker lives on a QThread owned by
// TrainingController). Every engine event is recorded into the run folder and re-emitted as a
// signal carrying the plain struct; connections to the UI thread are queued.

#include <QList>
#include <QObject>
#include <QString>

#include <chrono>
#include <mutex>

#include "convstudio/runs/run_recorder.h"
#include "convstudio/train/trainer.h"
#include "training_metatypes.h"

namespace convstudio {

// How a run's folder is recorded: continued (a run resumed into its own folder keeps its record
// and appends to it) or fresh, and which entry of the run queue the run is (run_queue.h; empty
// for a run started by hand).
struct RunRecordOptions {
  bool continues = false;
  std::string queuedRun;
  std::string sweep;
  std::string label;
};

class TrainingWorker : public QObject, public TrainingListener {
  Q_OBJECT

 public:
  explicit TrainingWorker(QObject* parent = nullptr);

  // Called on the UI thread: queues run() on the worker's thread. From now until that run ends,
  // pause and cancel requests belong to it, even before its trainer exists.
  void start(RunOptions options, const QString& runFolder, const RunRecordOptions& record = {});
  // Trains to the end on the calling thread, recording into `runFolder`; emits finished().
  void run(RunOptions options, const QString& runFolder, const RunRecordOptions& record = {});

  // Thread-safe: called from the UI thread while run() blocks the training thread. A request
  // made after start() but before the trainer exists is applied as soon as it does. A request
  // made when no run is started or going (the last one has ended, even if its finished() has
  // not reached the UI yet) is dropped, so it cannot stop or pause the next run.
  void pause();
  void resume();
  void cancel();
  // Cancels the run as a rule's stop (a study's pruner): run.json then says "pruned" and why.
  void cancelAsPruned(const std::string& reason);

 signals:
  // Steps arrive in batches, at most about 30 a second: one queued event per step would wake
  // the UI thread thousands of times a second and take cores from training.
  void stepsReady(const QList<convstudio::StepMetrics>& steps);
  void epochEnded(const convstudio::EpochMetrics& epoch);
  void stateChanged(convstudio::RunState state, const QString& message);
  void logged(const convstudio::LogLine& line);
  void failed(const convstudio::RunError& error);
  void finished(const convstudio::RunSummary& summary, const QString& runFolder);

 private:
  void on_step(const StepMetrics& step) override;
  void on_epoch(const EpochMetrics& epoch) override;
  void on_state(RunState state, const std::string& message) override;
  void on_log(const LogLine& line) override;
  void on_origin(const RunOrigin& origin) override;
  void on_error(const RunError& error) override;
  // Sends the steps not yet delivered; called before any other event so order is kept.
  void deliverSteps();
  // Forgets the run's trainer and requests; called with mutex_ held when a run ends.
  void endRun();

  std::mutex mutex_;  // guards the five fields below; never held while training
  Trainer* trainer_ = nullptr;
  bool runStarted_ = false;  // from start() (or run()) until the run's trainer has returned
  bool pauseRequested_ = false;
  bool cancelRequested_ = false;
  std::string prunedReason_;         // set by cancelAsPruned
  RunRecorder* recorder_ = nullptr;  // training thread only
  QList<StepMetrics> pendingSteps_;  // training thread only
  std::chrono::steady_clock::time_point lastDelivery_;
};

}  // namespace convstudio
