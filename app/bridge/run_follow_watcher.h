#pragma once
// Looks at a followed run folder (RunFollower) on the UI thread: when a file watch says it
// changed, and every second besides, since watches do not fire on network mounts. Each look
// reads only what was appended, so it stays cheap however long the run.

#include <QObject>
#include <QString>

#include "convstudio/runs/run_follower.h"

class QFileSystemWatcher;
class QTimer;

namespace convstudio {

class RunFollowWatcher : public QObject {
  Q_OBJECT

 public:
  static constexpr int kPollIntervalMs = 1000;
  // A burst of appends (one line per step) is read at most this often.
  static constexpr int kWatchDelayMs = 100;

  // Starts watching at once; the first look (poll) reads the whole record so far.
  explicit RunFollowWatcher(RunFollower follower, QObject* parent = nullptr);

  const RunFollower& follower() const { return follower_; }
  QString folder() const;

 public slots:
  // Reads what changed since the last look. The timer and the file watch call it; so may tests.
  void poll();

 signals:
  // Something was appended or written (never empty).
  void updated(const convstudio::RunFollowUpdate& update);
  // After every look, also when nothing changed: the lag goes on growing.
  void looked();
  // The folder could not be read this time (removed, a mount gone): Error::describe().
  void problem(const QString& describe);

 private:
  void watchFiles();

  RunFollower follower_;
  QFileSystemWatcher* watch_ = nullptr;
  QTimer* pollTimer_ = nullptr;
  QTimer* watchDelay_ = nullptr;
};

}  // namespace convstudio
