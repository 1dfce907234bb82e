#pragma once
// Keeps a remote run's local mirror folder up to date (mirror_remote_run, remote_training.h)
// from a worker thread, one step at a time: every second while the link holds, after 1, 2, 4…
// 30 s while it is lost, until the run has ended and its checkpoints came back. RunFollowing
// follows the mirror folder like any run; this only says what the link is doing.

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

#include "convstudio/remote/remote_training.h"

class QThread;
class QTimer;

namespace convstudio {

class RemoteRunMirror : public QObject {
  Q_OBJECT

 public:
  explicit RemoteRunMirror(RemoteRun run, QObject* parent = nullptr);
  ~RemoteRunMirror() override;

  const RemoteRun& run() const { return run_; }
  QString mirrorFolder() const { return QString::fromStdString(run_.mirror_folder); }
  QString targetName() const { return QString::fromStdString(run_.target.name); }

 public slots:
  // kill -TERM of the remote process group, or scancel (stop_remote_run), on the worker thread.
  void stopRun();

 signals:
  // A step brought the mirror up to date (the run.json may have arrived: start following).
  void mirrored();
  // The link failed; the next try comes in `delaySeconds`.
  void reconnecting(const QString& problem, int delaySeconds);
  void reconnected();
  void ended(convstudio::RemoteRunState state);
  // The remote refused (not a lost link): following stops.
  void failed(const QString& describe);
  void stopSent(const QString& problem);  // empty: sent

 private:
  // What a step on the worker thread gives back: the record as it left it, and its result.
  struct StepResult {
    RemoteRun run;
    Result<MirrorStep> step{MirrorStep{}};
  };
  void look();
  void onLooked();

  RemoteRun run_;
  QTimer* timer_ = nullptr;
  QThread* looking_ = nullptr;  // the step in flight, if any
  std::shared_ptr<StepResult> result_;
  int failures_ = 0;
};

}  // namespace convstudio
