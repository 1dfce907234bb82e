// The bridge's worker, driven directly on the test thread (run() blocks it the way it blocks the
// training thread), so the order of a run's end and a Stop click is fixed, not left to timing.
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "convstudio/runs/run_history.h"
#include "training_test_data.h"
#include "training_worker.h"

namespace convstudio {

class TrainingWorkerTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void stopAfterARunEndedDoesNotCancelTheNextRun();
  void pauseAfterARunEndedDoesNotPauseTheNextRun();
  void stopBeforeAStartedRunBeginsStillCancelsIt();
  void aRunStoppedAsPrunedSaysSoInItsRunFolder();

 private:
  RunOptions options(const QString& runFolder) const;
  static RunSummary summaryAt(const QSignalSpy& finished, int index);

  QTemporaryDir root_;
  QString data_;
};

void TrainingWorkerTest::initTestCase() {
  QVERIFY(root_.isValid());
  data_ = root_.filePath(QStringLiteral("data"));
  testing::writeTinyIdxDataset(data_);
}

RunOptions TrainingWorkerTest::options(const QString& runFolder) const {
  RunOptions options;
  options.project = testing::tinyProject(data_);
  options.project.training.max_steps = 3;
  options.out_dir = QFile::encodeName(runFolder).toStdString();
  return options;
}

RunSummary TrainingWorkerTest::summaryAt(const QSignalSpy& finished, int index) {
  return finished.at(index).at(0).value<RunSummary>();
}

void TrainingWorkerTest::stopAfterARunEndedDoesNotCancelTheNextRun() {
  TrainingWorker worker;
  QSignalSpy finished(&worker, &TrainingWorker::finished);
  const QString first = root_.filePath(QStringLiteral("first"));
  worker.run(options(first), first);
  QCOMPARE(finished.count(), 1);
  QCOMPARE(summaryAt(finished, 0).state, RunState::Finished);

  // The user clicks Stop now: the run has ended on the training thread, but its finished()
  // has not yet reached the UI thread, so the controller still shows it running.
  worker.cancel();

  const QString second = root_.filePath(QStringLiteral("second"));
  worker.run(options(second), second);
  QCOMPARE(finished.count(), 2);
  const RunSummary next = summaryAt(finished, 1);
  QCOMPARE(next.state, RunState::Finished);
  QCOMPARE(next.steps, std::int64_t{3});
}

void TrainingWorkerTest::pauseAfterARunEndedDoesNotPauseTheNextRun() {
  TrainingWorker worker;
  QSignalSpy finished(&worker, &TrainingWorker::finished);
  const QString first = root_.filePath(QStringLiteral("paused-first"));
  worker.run(options(first), first);
  worker.pause();  // too late for the first run; the second must not start paused (and hang)
  const QString second = root_.filePath(QStringLiteral("paused-second"));
  worker.run(options(second), second);
  QCOMPARE(finished.count(), 2);
  QCOMPARE(summaryAt(finished, 1).state, RunState::Finished);
}

void TrainingWorkerTest::stopBeforeAStartedRunBeginsStillCancelsIt() {
  // start() queues the run on the worker's thread (here, this one); Stop comes before it runs.
  TrainingWorker worker;
  QSignalSpy finished(&worker, &TrainingWorker::finished);
  const QString folder = root_.filePath(QStringLiteral("stopped-early"));
  worker.start(options(folder), folder);
  worker.cancel();
  QVERIFY(finished.wait(60000));
  QCOMPARE(summaryAt(finished, 0).state, RunState::Cancelled);
}

void TrainingWorkerTest::aRunStoppedAsPrunedSaysSoInItsRunFolder() {
  // A study's pruner stops the trial: its run folder is kept and run.json says why, so the
  // comparison shows it pruned rather than stopped by a person.
  TrainingWorker worker;
  QSignalSpy finished(&worker, &TrainingWorker::finished);
  const QString folder = root_.filePath(QStringLiteral("pruned"));
  worker.start(options(folder), folder);
  worker.cancelAsPruned("pruned by asha at step 10 (validation accuracy 0.5000)");
  QVERIFY(finished.wait(60000));
  QCOMPARE(summaryAt(finished, 0).state, RunState::Cancelled);
  const std::optional<RecordedRun> run =
      load_recorded_run(QFile::encodeName(folder).toStdString(), RunDetail::Summary);
  QVERIFY(run.has_value());
  QCOMPARE(run->state, std::string("pruned"));
  QCOMPARE(run->end_reason, std::string("pruned by asha at step 10 (validation accuracy 0.5000)"));

  // The next run, stopped by a person, is not called pruned.
  const QString next = root_.filePath(QStringLiteral("stopped-after-pruned"));
  worker.start(options(next), next);
  worker.cancel();
  QVERIFY(finished.wait(60000));
  QCOMPARE(load_recorded_run(QFile::encodeName(next).toStdString(), RunDetail::Summary)->state,
           std::string("cancelled"));
}

}  // namespace convstudio

QTEST_MAIN(convstudio::TrainingWorkerTest)
#include "training_worker_test.moc"
