// A data-parallel run started from the studio (issue 17): the cockpit's controller trains rank 0
// on its worker thread and starts rank 1 as a convstudio-cli-engine process; the two meet over
// 127.0.0.1 (Gloo) and train the tiny IDX dataset as one run, which the cockpit plots and
// records like any other. Stop ends both; a killed rank is reported and the studio goes on.

#include <signal.h>

#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMainWindow>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <memory>

#include "cockpit_window.h"
#include "training/rank_load_view.h"
#include "training/training_charts.h"
#include "training/training_progress_view.h"
#include "training/training_settings_panel.h"
#include "training_cockpit.h"
#include "training_controller.h"
#include "training_test_data.h"

using namespace convstudio;

namespace {

constexpr int kRunTimeoutMs = 180000;  // a generous ceiling for slow CI machines, not a pace

bool hasErrorNaming(const QSignalSpy& logged, const QString& words) {
  for (const QList<QVariant>& call : logged) {
    const auto line = call.front().value<LogLine>();
    if (line.level == LogLevel::Error && QString::fromStdString(line.text).contains(words))
      return true;
  }
  return false;
}

}  // namespace

class DataParallelCockpitTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void twoCpuProcessesTrainAsOneRunThatIsPlottedAndRecorded();
  void stopEndsEveryRankAndKeepsACheckpoint();
  void aKilledRankIsReportedAndTheStudioGoesOn();

 private:
  Project twoProcessProject(std::int64_t epochs) const;

  testing::CockpitFixture fixture_;
};

void DataParallelCockpitTest::initTestCase() {
  QVERIFY(fixture_.writeData());
  fixture_.projectFile = fixture_.dir.filePath(QStringLiteral("tiny.convstudio"));
}

void DataParallelCockpitTest::init() {
  fixture_.project = testing::tinyProject(fixture_.dataFolder);
  DeviceReport cpu;
  cpu.cuda_unavailable = CudaUnavailable::kNoDriver;
  cpu.cpu.hardware_threads = 2;
  QVERIFY(fixture_.openWindow(cpu));
}

void DataParallelCockpitTest::cleanup() {
  fixture_.closeWindow();  // the controller stops any run; its peer processes are ended with it
}

Project DataParallelCockpitTest::twoProcessProject(std::int64_t epochs) const {
  Project project = testing::tinyProject(fixture_.dataFolder);
  project.training.device = "cpu";
  project.training.processes = 2;
  project.training.epochs = epochs;
  project.training.max_steps = 0;
  return project;
}

void DataParallelCockpitTest::twoCpuProcessesTrainAsOneRunThatIsPlottedAndRecorded() {
  // 64 training images, 8 per process and step: 4 steps an epoch with two processes.
  fixture_.project = twoProcessProject(2);
  // The settings panel shows the choice the project holds ("CPU × 2 processes").
  fixture_.cockpit()->reloadProject();
  const TrainingSettings shown = fixture_.cockpit()->settingsPanel()->trainingSettings();
  QCOMPARE(shown.processes, 2);
  QCOMPARE(shown.device, std::string("cpu"));
  QVERIFY(fixture_.cockpit()->settingsPanel()->blockingProblem().isEmpty());

  QSignalSpy finished(fixture_.cockpit()->controller(), &TrainingController::finished);
  QSignalSpy failed(fixture_.cockpit()->controller(), &TrainingController::failed);
  QSignalSpy epochs(fixture_.cockpit()->controller(), &TrainingController::epochEnded);
  QSignalSpy stepped(fixture_.cockpit()->controller(), &TrainingController::stepped);
  QVERIFY(fixture_.cockpit()->startTraining());
  QCOMPARE(fixture_.cockpit()->controller()->peerProcessIds().size(), 1);
  QVERIFY(!fixture_.cockpit()->pauseAction()->isEnabled());  // a rank cannot pause alone
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
  QCOMPARE(failed.size(), 0);
  QVERIFY(fixture_.cockpit()->controller()->peerProcessIds().isEmpty());

  const auto summary = finished.front().front().value<RunSummary>();
  QCOMPARE(summary.state, RunState::Finished);
  QCOMPARE(summary.data_parallel.world_size, 2);
  QCOMPARE(summary.steps, 8);
  QCOMPARE(epochs.size(), 2);
  // Validation is sharded over the ranks and summed: the whole test set, once.
  const auto lastEpoch = epochs.back().front().value<EpochMetrics>();
  std::int64_t validated = 0;
  for (const auto& row : lastEpoch.confusion)
    for (std::int64_t cell : row) validated += cell;
  QCOMPARE(validated, 32);

  // Every step reports both ranks' speed and memory; the cockpit plots the run as one.
  QCOMPARE(stepped.size(), 8);
  const auto step = stepped.back().front().value<StepMetrics>();
  QCOMPARE(step.rank_samples_per_second.size(), std::size_t{2});
  QCOMPARE(step.rank_memory_bytes.size(), std::size_t{2});
  for (std::size_t rank = 0; rank < 2; ++rank) {
    QVERIFY(step.rank_samples_per_second[rank] > 0);
    QVERIFY(step.rank_memory_bytes[rank] > 0);
  }
  QCOMPARE(fixture_.cockpit()->charts()->stepCount(), std::size_t{8});
  RankLoadView* ranks = fixture_.cockpit()->progress()->rankLoad();
  QVERIFY(ranks->isVisible());
  QCOMPARE(ranks->rankCount(), 2);
  for (int rank = 0; rank < 2; ++rank) {
    QVERIFY(!ranks->speedText(rank).isEmpty());
    QVERIFY(!ranks->memoryText(rank).isEmpty());
  }

  // Rank 0 keeps the record: one metrics row per step, the summary, the checkpoint.
  const QString folder = finished.front().at(1).toString();
  QFile csv(folder + QStringLiteral("/metrics.csv"));
  QVERIFY(csv.open(QIODevice::ReadOnly));
  const QList<QByteArray> rows = csv.readAll().split('\n');
  const auto count = [&rows](const char* kind) {
    return std::count_if(rows.begin(), rows.end(),
                         [kind](const QByteArray& row) { return row.startsWith(kind); });
  };
  QCOMPARE(count("step,"), 8);
  QCOMPARE(count("epoch,"), 2);
  QFile run(folder + QStringLiteral("/run.json"));
  QVERIFY(run.open(QIODevice::ReadOnly));
  const QJsonObject recorded = QJsonDocument::fromJson(run.readAll()).object();
  QCOMPARE(recorded.value(QStringLiteral("summary"))
               .toObject()
               .value(QStringLiteral("world_size"))
               .toInt(),
           2);
  QVERIFY(QFileInfo(folder + QStringLiteral("/last.ckpt")).isDir());
}

void DataParallelCockpitTest::stopEndsEveryRankAndKeepsACheckpoint() {
  fixture_.project = twoProcessProject(100000);  // until Stop
  QSignalSpy finished(fixture_.cockpit()->controller(), &TrainingController::finished);
  QSignalSpy failed(fixture_.cockpit()->controller(), &TrainingController::failed);
  QVERIFY(fixture_.cockpit()->startTraining());
  const QList<qint64> peers = fixture_.cockpit()->controller()->peerProcessIds();
  QCOMPARE(peers.size(), 1);
  QTRY_VERIFY_WITH_TIMEOUT(fixture_.cockpit()->charts()->stepCount() >= 3, kRunTimeoutMs);
  fixture_.cockpit()->stopAction()->trigger();
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
  QCOMPARE(failed.size(), 0);
  const auto summary = finished.front().front().value<RunSummary>();
  QCOMPARE(summary.state, RunState::Cancelled);
  // finished() comes once every rank has ended: the peer process is gone.
  QVERIFY(fixture_.cockpit()->controller()->peerProcessIds().isEmpty());
  QVERIFY(::kill(static_cast<pid_t>(peers.front()), 0) != 0);
  const QString folder = finished.front().at(1).toString();
  QVERIFY(QFileInfo(folder + QStringLiteral("/last.ckpt")).isDir());
  QCOMPARE(fixture_.cockpit()->progress()->phase(), TrainingProgressView::Phase::Idle);
}

void DataParallelCockpitTest::aKilledRankIsReportedAndTheStudioGoesOn() {
  fixture_.project = twoProcessProject(100000);
  QSignalSpy finished(fixture_.cockpit()->controller(), &TrainingController::finished);
  QSignalSpy failed(fixture_.cockpit()->controller(), &TrainingController::failed);
  QSignalSpy logged(fixture_.cockpit()->controller(), &TrainingController::logged);
  QVERIFY(fixture_.cockpit()->startTraining());
  QTRY_VERIFY_WITH_TIMEOUT(fixture_.cockpit()->charts()->stepCount() >= 3, kRunTimeoutMs);
  const QList<qint64> peers = fixture_.cockpit()->controller()->peerProcessIds();
  QCOMPARE(peers.size(), 1);
  QCOMPARE(::kill(static_cast<pid_t>(peers.front()), SIGKILL), 0);
  // Rank 0 notices at once (the peer's sockets close) and fails naming rank 1.
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
  const auto summary = finished.front().front().value<RunSummary>();
  QCOMPARE(summary.state, RunState::Failed);
  QVERIFY(summary.error.has_value());
  QCOMPARE(summary.error->kind, RunErrorKind::Distributed);
  QVERIFY2(QString::fromStdString(summary.error->describe()).contains(QLatin1String("rank 1")),
           summary.error->describe().c_str());
  QVERIFY(failed.size() >= 1);
  QVERIFY(hasErrorNaming(logged, QStringLiteral("Rank 1 ended abnormally")));
  QVERIFY(!fixture_.cockpit()->controller()->isRunning());

  // The studio goes on: the next run (one process) trains as usual.
  fixture_.project = testing::tinyProject(fixture_.dataFolder);
  finished.clear();
  QVERIFY(fixture_.cockpit()->startTraining());
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
  QCOMPARE(finished.front().front().value<RunSummary>().state, RunState::Finished);
}

QTEST_MAIN(DataParallelCockpitTest)
#include "data_parallel_cockpit_test.moc"
