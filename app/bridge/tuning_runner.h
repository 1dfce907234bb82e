#pragma once
// Runs the learning-rate and batch-size finders and the profiler on a thread of their own, one
// at a time, and re-emits their progress and results on the UI thread as queued signals
// carrying the engine's plain structs. Stop asks the finder to end after its current step; a finder
// that throws reports a failure instead of ending the studio.

#include <QMetaType>
#include <QObject>
#include <QThread>

#include <atomic>
#include <memory>

#include "convstudio/train/batch_size_finder.h"
#include "convstudio/train/lr_finder.h"
#include "convstudio/train/step_profile.h"

Q_DECLARE_METATYPE(convstudio::LrFinderPoint)
Q_DECLARE_METATYPE(convstudio::LrFinderResult)
Q_DECLARE_METATYPE(convstudio::BatchSizeTrial)
Q_DECLARE_METATYPE(convstudio::BatchSizeResult)
Q_DECLARE_METATYPE(convstudio::StepProfile)

namespace convstudio {

class TuningRunner : public QObject {
  Q_OBJECT

 public:
  explicit TuningRunner(QObject* parent = nullptr);
  // Stops a finder that is still going and waits for its thread.
  ~TuningRunner() override;

  bool isBusy() const { return thread_ != nullptr; }
  // False while another finder runs.
  bool findLearningRate(LrFinderOptions options);
  bool findBatchSize(BatchSizeFinderOptions options);
  // The profiler (profile_training): a few measured training steps, block by block.
  bool profile(ProfileOptions options);
  void cancel();
  // Blocks until the running finder (if any) has ended and its last signal was delivered.
  void wait();

 signals:
  void lrPoint(const convstudio::LrFinderPoint& point, qint64 step, qint64 steps);
  void lrFinished(const convstudio::LrFinderResult& result);
  void batchTrial(const convstudio::BatchSizeTrial& trial);
  void batchFinished(const convstudio::BatchSizeResult& result);
  void profileStep(qint64 step, qint64 steps);
  void profileFinished(const convstudio::StepProfile& profile);
  void busyChanged(bool busy);

 private:
  template <class Work>
  void start(Work work);
  void onThreadFinished();

  QThread* thread_ = nullptr;
  std::shared_ptr<std::atomic<bool>> cancelled_;
};

}  // namespace convstudio
