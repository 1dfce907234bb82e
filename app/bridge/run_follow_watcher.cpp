#include "run_follow_watcher.h"

#include <QFile>
#include <QFileSystemWatcher>
#include <QTimer>

namespace convstudio {

RunFollowWatcher::RunFollowWatcher(RunFollower follower, QObject* parent)
    : QObject(parent), follower_(std::move(follower)) {
  watch_ = new QFileSystemWatcher(this);
  pollTimer_ = new QTimer(this);
  pollTimer_->setInterval(kPollIntervalMs);
  watchDelay_ = new QTimer(this);
  watchDelay_->setSingleShot(true);
  watchDelay_->setInterval(kWatchDelayMs);
  connect(pollTimer_, &QTimer::timeout, this, &RunFollowWatcher::poll);
  connect(watchDelay_, &QTimer::timeout, this, &RunFollowWatcher::poll);
  // A change starts the delay unless it is already running: a burst is one look.
  const auto changed = [this] {
    if (!watchDelay_->isActive()) watchDelay_->start();
  };
  connect(watch_, &QFileSystemWatcher::fileChanged, this, changed);
  connect(watch_, &QFileSystemWatcher::directoryChanged, this, changed);
  watchFiles();
  pollTimer_->start();
}

QString RunFollowWatcher::folder() const {
  return QFile::decodeName(follower_.folder().string().c_str());
}

void RunFollowWatcher::watchFiles() {
  // The folder tells of files created or renamed into it (run.json and checkpoints are replaced
  // that way); metrics.jsonl is appended in place. A replaced file loses its watch, so each look
  // adds what is missing. Watches that cannot be set (a network mount) are left to the timer.
  const QString root = folder();
  QStringList wanted = {root, root + QStringLiteral("/metrics.jsonl")};
  const QStringList watched = watch_->files() + watch_->directories();
  for (const QString& path : std::as_const(wanted)) {
    if (!watched.contains(path) && QFile::exists(path)) watch_->addPath(path);
  }
}

void RunFollowWatcher::poll() {
  Result<RunFollowUpdate> update = follower_.poll();
  if (!update) {
    emit problem(QString::fromStdString(update.error().describe()));
    return;
  }
  watchFiles();
  if (!update.value().empty()) emit updated(update.value());
  emit looked();
}

}  // namespace convstudio
