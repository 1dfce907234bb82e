#include "peer_rank_processes.h"

#include <QCoreApplication>
#include <QDir>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTimer>

#include <algorithm>
#include <thread>

namespace convstudio {

struct PeerRankProcesses::Peer {
  int rank = 0;
  QProcess* process = nullptr;  // child of the PeerRankProcesses
  QByteArray partialLine;       // stderr not yet ended by a newline
  QString lastError;            // its last error line, to say why it ended
  bool ended = false;
};

PeerRankProcesses::PeerRankProcesses(QObject* parent) : QObject(parent) {
  graceTimer_ = new QTimer(this);
  graceTimer_->setSingleShot(true);
  connect(graceTimer_, &QTimer::timeout, this, [this] {
    for (const auto& peer : peers_) {
      if (!peer->ended) peer->process->kill();
    }
  });
}

PeerRankProcesses::~PeerRankProcesses() {
  for (const auto& peer : peers_) {
    if (peer->ended) continue;
    peer->process->disconnect(this);
    peer->process->kill();
    peer->process->waitForFinished(5000);
  }
}

QString PeerRankProcesses::defaultProgram() {
  return QDir(QCoreApplication::applicationDirPath())
      .filePath(QStringLiteral("convstudio-cli-engine"));
}

void PeerRankProcesses::start(const QString& program, const QString& projectFile,
                              const QStringList& arguments, const DistributedOptions& options,
                              bool onCpu) {
  // The previous run's processes have all ended (allEnded() was emitted) before a new start.
  for (const auto& peer : peers_) peer->process->deleteLater();
  peers_.clear();
  finishing_ = false;
  graceTimer_->stop();
  QProcessEnvironment base = QProcessEnvironment::systemEnvironment();
  if (onCpu && !base.contains(QStringLiteral("OMP_NUM_THREADS"))) {
    // Every process on the CPU gets its share of the cores, as torchrun's workers do; more
    // threads than cores would only make them wait for each other.
    const int cores = std::max(1u, std::thread::hardware_concurrency());
    base.insert(QStringLiteral("OMP_NUM_THREADS"),
                QString::number(std::max(1, cores / options.world_size)));
  }
  for (int rank = 1; rank < options.world_size; ++rank) {
    auto peer = std::make_unique<Peer>();
    peer->rank = rank;
    peer->process = new QProcess(this);
    QProcessEnvironment environment = base;
    environment.insert(QStringLiteral("WORLD_SIZE"), QString::number(options.world_size));
    environment.insert(QStringLiteral("RANK"), QString::number(rank));
    environment.insert(QStringLiteral("LOCAL_RANK"), QString::number(rank));
    environment.insert(QStringLiteral("MASTER_ADDR"), QString::fromStdString(options.master_addr));
    environment.insert(QStringLiteral("MASTER_PORT"), QString::number(options.master_port));
    environment.insert(QStringLiteral("CONVSTUDIO_DIST_TIMEOUT"),
                       QString::number(options.timeout_seconds));
    peer->process->setProcessEnvironment(environment);
    // Peers print nothing on stdout that the studio needs (rank 0 speaks for the run).
    peer->process->setStandardOutputFile(QProcess::nullDevice());
    Peer* raw = peer.get();
    connect(peer->process, &QProcess::readyReadStandardError, this,
            [this, raw] { readErrors(*raw); });
    connect(peer->process, &QProcess::finished, this, [this, raw] { onPeerEnded(*raw); });
    connect(peer->process, &QProcess::errorOccurred, this, [this, raw](QProcess::ProcessError e) {
      if (e == QProcess::FailedToStart) {
        raw->lastError = raw->process->errorString();
        onPeerEnded(*raw);
      }
    });
    peers_.push_back(std::move(peer));
    raw->process->start(program, QStringList{QStringLiteral("train"), projectFile} + arguments);
  }
}

void PeerRankProcesses::readErrors(Peer& peer) {
  peer.partialLine += peer.process->readAllStandardError();
  for (qsizetype end = peer.partialLine.indexOf('\n'); end >= 0;
       end = peer.partialLine.indexOf('\n')) {
    const QString line = QString::fromUtf8(peer.partialLine.left(end)).trimmed();
    peer.partialLine.remove(0, end + 1);
    if (line.isEmpty()) continue;
    // The CLI marks a peer's lines "[rank K] warning: …" / "[rank K] error: …".
    const bool error = line.contains(QLatin1String("error:"));
    if (error) peer.lastError = line;
    LogLine log;
    log.level = error ? LogLevel::Error : LogLevel::Warning;
    log.text = line.startsWith(QLatin1Char('['))
                   ? line.toStdString()
                   : tr("[rank %1] %2").arg(peer.rank).arg(line).toStdString();
    emit logged(log);
  }
}

void PeerRankProcesses::onPeerEnded(Peer& peer) {
  if (peer.ended) return;
  peer.ended = true;
  readErrors(peer);
  const bool crashed = peer.process->exitStatus() == QProcess::CrashExit ||
                       peer.process->error() == QProcess::FailedToStart;
  const int code = peer.process->exitCode();
  // A rank killed after rank 0 ended (the grace ran out) is no news; any other failure is.
  if ((crashed || code != 0) && !(finishing_ && !graceTimer_->isActive())) {
    LogLine log;
    log.level = LogLevel::Error;
    QString how = crashed ? tr("Rank %1 ended abnormally (killed or crashed)").arg(peer.rank)
                          : tr("Rank %1 exited with code %2").arg(peer.rank).arg(code);
    if (peer.process->error() == QProcess::FailedToStart)
      how = tr("Rank %1 could not be started").arg(peer.rank);
    if (!peer.lastError.isEmpty()) how += tr(": %1").arg(peer.lastError);
    log.text = how.toStdString();
    emit logged(log);
  }
  checkAllEnded();
}

void PeerRankProcesses::terminate() {
  for (const auto& peer : peers_) {
    if (!peer->ended) peer->process->terminate();
  }
}

void PeerRankProcesses::finishWithin(int graceMs) {
  finishing_ = true;
  if (running()) graceTimer_->start(graceMs);
  checkAllEnded();
}

bool PeerRankProcesses::running() const {
  return std::any_of(peers_.begin(), peers_.end(), [](const auto& peer) { return !peer->ended; });
}

QList<qint64> PeerRankProcesses::processIds() const {
  QList<qint64> ids;
  for (const auto& peer : peers_) {
    if (!peer->ended) ids << peer->process->processId();
  }
  return ids;
}

void PeerRankProcesses::checkAllEnded() {
  if (!finishing_ || running()) return;
  finishing_ = false;
  graceTimer_->stop();
  emit allEnded();
}

}  // namespace convstudio
