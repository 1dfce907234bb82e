#include "remote_run_mirror.h"

#include <QThread>
#include <QTimer>

namespace convstudio {

RemoteRunMirror::RemoteRunMirror(RemoteRun run, QObject* parent)
    : QObject(parent), run_(std::move(run)) {
  timer_ = new QTimer(this);
  timer_->setSingleShot(true);
  connect(timer_, &QTimer::timeout, this, &RemoteRunMirror::look);
  timer_->start(0);
}

RemoteRunMirror::~RemoteRunMirror() {
  // A step in flight (an ssh call, bounded by its keep-alives) is waited for: it works on its
  // own copy of the run and its own result, never on this object.
  if (looking_) looking_->wait();
}

void RemoteRunMirror::look() {
  result_ = std::make_shared<StepResult>(StepResult{run_, MirrorStep{}});
  looking_ = QThread::create([result = result_] { result->step = mirror_remote_run(result->run); });
  connect(looking_, &QThread::finished, this, &RemoteRunMirror::onLooked);
  connect(looking_, &QThread::finished, looking_, &QObject::deleteLater);
  looking_->start();
}

void RemoteRunMirror::onLooked() {
  looking_ = nullptr;
  const std::shared_ptr<StepResult> result = std::move(result_);
  if (!result->step) {
    emit failed(QString::fromStdString(result->step.error().describe()));
    return;
  }
  const MirrorStep step = result->step.value();
  if (step.connection_lost) {
    const int delay = reconnect_delay_seconds(++failures_);
    emit reconnecting(QString::fromStdString(step.problem), delay);
    timer_->start(delay * 1000);
    return;
  }
  // Only the mirror step changes the record's state; a stop sent meanwhile is kept.
  const bool stopRequested = run_.stop_requested;
  run_ = std::move(result->run);
  run_.stop_requested = run_.stop_requested || stopRequested;
  if (failures_ > 0) emit reconnected();
  failures_ = 0;
  emit mirrored();
  if (run_.ended()) {
    emit ended(run_.state);
    return;
  }
  timer_->start(1000);
}

void RemoteRunMirror::stopRun() {
  auto problem = std::make_shared<QString>();
  QThread* sending = QThread::create([copy = run_, problem]() mutable {
    if (auto error = stop_remote_run(copy)) *problem = QString::fromStdString(error->describe());
  });
  connect(sending, &QThread::finished, this, [this, problem] {
    if (problem->isEmpty()) run_.stop_requested = true;
    emit stopSent(*problem);
  });
  connect(sending, &QThread::finished, sending, &QObject::deleteLater);
  sending->start();
}

}  // namespace convstudio
