#pragma once
// The other ranks of a data-parallel run the studio starts (issue 17): rank 0 trains in the
// studio on the training thread (so the cockpit gets every event as for any run), ranks 1..N-1
// are `convstudio-cli-engine train` processes started here with the torchrun variables, as the
// CLI's --nproc-per-node launcher starts its workers. A rank that fails is reported as a log line
// naming it; its peers notice through c10d and stop. Processes are never left behind: once rank 0
// has ended they get a grace period, then they are killed (they write nothing, rank 0 keeps the
// run's files).

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

#include "convstudio/train/distributed_options.h"
#include "training_metatypes.h"

class QProcess;
class QTimer;

namespace convstudio {

class PeerRankProcesses : public QObject {
  Q_OBJECT

 public:
  explicit PeerRankProcesses(QObject* parent = nullptr);
  // Kills what is still running and waits for it.
  ~PeerRankProcesses() override;

  // `convstudio-cli-engine` beside the studio's executable.
  static QString defaultProgram();

  // Starts ranks 1..world_size-1 of `options` on this machine: `program train projectFile
  // arguments…` with WORLD_SIZE, RANK, LOCAL_RANK, MASTER_ADDR, MASTER_PORT and
  // CONVSTUDIO_DIST_TIMEOUT set, and OMP_NUM_THREADS sharing the cores when they run on the CPU.
  void start(const QString& program, const QString& projectFile, const QStringList& arguments,
             const DistributedOptions& options, bool onCpu);
  // Asks every rank to stop (SIGTERM: each cancels its run cleanly, as Ctrl+C does).
  void terminate();
  // Rank 0 has ended: the others that have not ended within `graceMs` are killed; allEnded()
  // follows.
  void finishWithin(int graceMs);
  bool running() const;
  int count() const { return static_cast<int>(peers_.size()); }
  // The process ids of the ranks still running, rank 1 first.
  QList<qint64> processIds() const;

 signals:
  // A line for the run's log: a peer's warning or error, or how it ended when it failed.
  void logged(const convstudio::LogLine& line);
  // Every peer process has ended (emitted once per start, after finishWithin()).
  void allEnded();

 private:
  struct Peer;
  void readErrors(Peer& peer);
  void onPeerEnded(Peer& peer);
  void checkAllEnded();

  std::vector<std::unique_ptr<Peer>> peers_;
  QTimer* graceTimer_ = nullptr;
  bool finishing_ = false;
};

}  // namespace convstudio
