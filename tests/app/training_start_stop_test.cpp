// Start/stop cycles through the bridge, as the GUI drives it: TrainingController starts a run on
// its QThread, the test waits for the first step on the UI thread, clicks Stop and waits for
// finished(). A deadlock fails the wait instead of hanging; resident memory must not creep.
// CONVSTUDIO_START_STOP_CYCLES sets the count (30 in the suite; make check-reliability: 100);
// memory is compared between cycle 10 and the last one.
#include <unistd.h>

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "training_controller.h"
#include "training_test_data.h"

namespace convstudio {

namespace {

// Resident set size in bytes, from /proc/self/statm (pages).
double residentBytes() {
  std::ifstream statm("/proc/self/statm");
  long long size = 0;
  long long resident = 0;
  statm >> size >> resident;
  return static_cast<double>(resident) * static_cast<double>(::sysconf(_SC_PAGESIZE));
}

int cycleCount() {
  bool ok = false;
  const int cycles = qEnvironmentVariableIntValue("CONVSTUDIO_START_STOP_CYCLES", &ok);
  return ok && cycles > 10 ? cycles : 30;
}

}  // namespace

class TrainingStartStopTest : public QObject {
  Q_OBJECT

 private slots:
  void startStopCyclesNeitherDeadlockNorGrowMemory();
};

void TrainingStartStopTest::startStopCyclesNeitherDeadlockNorGrowMemory() {
  QTemporaryDir root;
  QVERIFY(root.isValid());
  const QString data = root.filePath(QStringLiteral("data"));
  testing::writeTinyIdxDataset(data);
  Project project = testing::tinyProject(data);
  project.training.epochs = 100000;  // the run goes on until Stop
  const QString owner = root.filePath(QStringLiteral("cycles.convstudio"));

  TrainingController controller;
  QSignalSpy stepped(&controller, &TrainingController::stepped);
  QSignalSpy finished(&controller, &TrainingController::finished);
  QSignalSpy failed(&controller, &TrainingController::failed);
  const int cycles = cycleCount();
  constexpr int kBaselineCycle = 10;
  double baseline = 0;
  for (int cycle = 1; cycle <= cycles; ++cycle) {
    stepped.clear();
    finished.clear();
    const Result<QString> started = controller.start(project, owner);
    QVERIFY2(started, started ? "" : started.error().describe().c_str());
    // A minute is far beyond one tiny step: a timeout here is a deadlock or a lost signal.
    QVERIFY2(stepped.count() > 0 || stepped.wait(60000),
             qPrintable(QStringLiteral("no step in cycle %1").arg(cycle)));
    controller.stop();
    QVERIFY2(finished.count() > 0 || finished.wait(60000),
             qPrintable(QStringLiteral("no finished() after Stop in cycle %1").arg(cycle)));
    QVERIFY(!controller.isRunning());
    QCOMPARE(finished.at(0).at(0).value<RunSummary>().state, RunState::Cancelled);
    if (cycle == kBaselineCycle) baseline = residentBytes();
  }
  QCOMPARE(failed.count(), 0);
  const double growth = (residentBytes() - baseline) / baseline;
  qInfo(
      "start/stop: %d cycles, resident memory %.1f MiB at cycle %d, %.1f MiB at cycle %d "
      "(%+.2f%%)",
      cycles, baseline / 1048576.0, kBaselineCycle, residentBytes() / 1048576.0, cycles,
      100.0 * growth);
  QVERIFY2(growth < 0.05,
           qPrintable(QStringLiteral("resident memory grew %1%").arg(100.0 * growth, 0, 'f', 2)));
}

}  // namespace convstudio

QTEST_MAIN(convstudio::TrainingStartStopTest)
#include "training_start_stop_test.moc"
