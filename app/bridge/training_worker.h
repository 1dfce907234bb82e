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

class TrainingWorker : public QObject, public TrainingListener {
  Q_OBJECT

 public:
  explicit TrainingWorker(QObject* parent = nullptr);

  // Trains to the end on the calling thread, recording into `runFolder`; emits finished().
  void run(RunOptions options, const QString& runFolder);

  // Thread-safe: called from the UI thread while run() blocks the training thread. A request
  // made before the trainer exists is applied as soon as it does.
  void pause();
  void resume();
  void cancel();

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
  void on_error(const RunError& error) override;
  // Sends the steps not yet delivered; called before any other event so order is kept.
  void deliverSteps();

  std::mutex mutex_;  // guards the three fields below; never held while training
  Trainer* trainer_ = nullptr;
  bool pauseRequested_ = false;
  bool cancelRequested_ = false;
  RunRecorder* recorder_ = nullptr;  // training thread only
  QList<StepMetrics> pendingSteps_;  // training thread only
  std::chrono::steady_clock::time_point lastDelivery_;
};

}  // namespace convstudio
