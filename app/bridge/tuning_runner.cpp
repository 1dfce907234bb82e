#include "tuning_runner.h"

#include <QCoreApplication>
#include <QEvent>

namespace convstudio {
namespace {

void registerTuningMetaTypes() {
  static const bool registered = [] {
    qRegisterMetaType<convstudio::LrFinderPoint>();
    qRegisterMetaType<convstudio::LrFinderResult>();
    qRegisterMetaType<convstudio::BatchSizeTrial>();
    qRegisterMetaType<convstudio::BatchSizeResult>();
    qRegisterMetaType<convstudio::StepProfile>();
    return true;
  }();
  Q_UNUSED(registered);
}

}  // namespace

TuningRunner::TuningRunner(QObject* parent) : QObject(parent) {
  registerTuningMetaTypes();
}

TuningRunner::~TuningRunner() {
  cancel();
  if (thread_) {
    thread_->wait();
    delete thread_;
  }
}

template <class Work>
void TuningRunner::start(Work work) {
  cancelled_ = std::make_shared<std::atomic<bool>>(false);
  thread_ = QThread::create(std::move(work));
  thread_->setObjectName(QStringLiteral("tuning"));
  connect(thread_, &QThread::finished, this, &TuningRunner::onThreadFinished);
  thread_->start();
  emit busyChanged(true);
}

bool TuningRunner::findLearningRate(LrFinderOptions options) {
  if (isBusy()) return false;
  // The thread emits this object's signals; the destructor waits for it, so `this` outlives it.
  start([options = std::move(options), this] {
    const auto flag = cancelled_;
    LrFinderResult result;
    try {
      result = find_learning_rate(
          options, [&](const LrFinderPoint& point, std::int64_t step, std::int64_t steps) {
            // Emitted from this thread: the connection to the UI thread queues a copy.
            emit lrPoint(point, step, steps);
            return !*flag;
          });
    } catch (const std::exception& error) {
      result.error = Error::without_place(error.what());
    }
    emit lrFinished(result);
  });
  return true;
}

bool TuningRunner::findBatchSize(BatchSizeFinderOptions options) {
  if (isBusy()) return false;
  start([options = std::move(options), this] {
    const auto flag = cancelled_;
    BatchSizeResult result;
    try {
      result = find_batch_size(options, [&](const BatchSizeTrial& trial) {
        emit batchTrial(trial);
        return !*flag;
      });
    } catch (const std::exception& error) {
      result.error = Error::without_place(error.what());
    }
    emit batchFinished(result);
  });
  return true;
}

bool TuningRunner::profile(ProfileOptions options) {
  if (isBusy()) return false;
  start([options = std::move(options), this] {
    const auto flag = cancelled_;
    StepProfile result;
    try {
      result = profile_training(options, [&](std::int64_t step, std::int64_t steps) {
        emit profileStep(step, steps);
        return !*flag;
      });
    } catch (const std::exception& error) {
      result.error = Error::without_place(error.what());
    }
    // The trace's events stay here: the studio shows the table and the canvas only.
    result.events.clear();
    emit profileFinished(result);
  });
  return true;
}

void TuningRunner::cancel() {
  if (cancelled_) *cancelled_ = true;
}

void TuningRunner::wait() {
  if (thread_) thread_->wait();
  // The last signals were queued to this thread's objects; deliver them now.
  QCoreApplication::sendPostedEvents(nullptr, QEvent::MetaCall);
}

void TuningRunner::onThreadFinished() {
  if (!thread_) return;
  thread_->deleteLater();
  thread_ = nullptr;
  emit busyChanged(false);
}

}  // namespace convstudio
