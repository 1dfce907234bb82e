// Editing the run queue in the studio while it trains, through the real cockpit and bridge:
// reorder, remove (also the running entry), pause, Stop of a queued run, and a run started by
// hand beside the queue.

#include <QAction>
#include <QFileInfo>
#include <QSignalSpy>
#include <QtTest>

#include "convstudio/runs/run_history.h"
#include "convstudio/runs/run_queue.h"
#include "queue_actions.h"
#include "queue_test_case.h"
#include "run_queue_runner.h"
#include "training/run_queue_view.h"
#include "training/runs_list.h"
#include "training/training_charts.h"
#include "training_cockpit.h"
#include "training_controller.h"

using namespace convstudio;

class RunQueueEditingTest : public testing::QueueTestCase {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void reorderRemoveAndPauseBehave();
  void stoppingAQueuedRunPausesTheQueueAndItGoesOnLater();
  void removingTheRunningEntryStopsItAndTheQueueGoesOn();
  void aRunStartedByHandIsNotAQueueEntry();
};

void RunQueueEditingTest::initTestCase() {
  QVERIFY(writeData());
}

void RunQueueEditingTest::init() {
  QVERIFY(openNewProject());
}

void RunQueueEditingTest::cleanup() {
  closeWindow();
}

void RunQueueEditingTest::reorderRemoveAndPauseBehave() {
  view()->pauseAction()->trigger();
  QVERIFY(runner()->isPaused());
  QCOMPARE(view()->pauseAction()->text(), RunQueueView::tr("Resume Queue"));
  for (double lr : {0.01, 0.02, 0.03}) {
    project_.training.optimizer.lr = lr;
    cockpit_->queue()->queueCurrentSettings();
  }
  QCoreApplication::processEvents();
  QVERIFY(!cockpit_->controller()->isRunning());  // paused: nothing starts
  const QStringList queued = labels();
  QCOMPARE(queued.size(), 3);

  view()->selectRow(2);
  view()->moveUpAction()->trigger();
  QCOMPARE(labels(), (QStringList{queued[0], queued[2], queued[1]}));
  QVERIFY(!view()->moveUpAction()->isEnabled() || view()->selectedRow() == 1);
  view()->selectRow(0);
  view()->removeAction()->trigger();
  QCOMPARE(labels(), (QStringList{queued[2], queued[1]}));
  Result<RunQueue> saved = load_run_queue(local(projectFile_));
  QVERIFY(saved);
  QCOMPARE(saved.value(), runner()->queue());
  QVERIFY(saved.value().paused);

  // Resumed, the first trains; paused during it, the second waits until the queue goes on.
  QSignalSpy finished(cockpit_->controller(), &TrainingController::finished);
  view()->pauseAction()->trigger();
  QTRY_VERIFY_WITH_TIMEOUT(cockpit_->controller()->isRunning(), kQueueTimeoutMs);
  runner()->setPaused(true);
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kQueueTimeoutMs);
  QCoreApplication::processEvents();
  QCOMPARE(runner()->queue().runs[0].state, QueuedRunState::Finished);
  QCOMPARE(runner()->queue().runs[1].state, QueuedRunState::Queued);
  QVERIFY(!cockpit_->controller()->isRunning());
  runner()->setPaused(false);
  QVERIFY(waitForQueue());
  QCOMPARE(runner()->queue().runs[1].state, QueuedRunState::Finished);
  // They trained in the queue's order.
  QVERIFY(runner()->queue().runs[0].run_folder < runner()->queue().runs[1].run_folder);
  QCOMPARE(view()->text(1, 1), RunQueueView::stateText(QueuedRunState::Finished));
}

void RunQueueEditingTest::stoppingAQueuedRunPausesTheQueueAndItGoesOnLater() {
  project_.training.epochs = 100;
  project_.training.max_steps = 300;
  cockpit_->queue()->queueCurrentSettings();
  TrainingController* controller = cockpit_->controller();
  QSignalSpy finished(controller, &TrainingController::finished);
  QTRY_VERIFY_WITH_TIMEOUT(cockpit_->charts()->stepCount() >= 5, kQueueTimeoutMs);
  cockpit_->stopAction()->trigger();
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kQueueTimeoutMs);
  QCoreApplication::processEvents();
  const QString folder = finished.front().at(1).toString();
  QVERIFY(runner()->isPaused());
  QCOMPARE(runner()->queue().runs.front().state, QueuedRunState::Queued);
  QCOMPARE(QString::fromStdString(runner()->queue().runs.front().run_folder), folder);
  QVERIFY(!controller->isRunning());

  // The CLI records a run folder relative to where it ran; a studio started elsewhere finds it
  // among the project's runs.
  closeWindow();
  Result<RunQueue> saved = load_run_queue(local(projectFile_));
  QVERIFY(saved);
  saved.value().runs.front().run_folder =
      (QFileInfo(projectFile_).fileName() + QStringLiteral(".runs/") + QFileInfo(folder).fileName())
          .toStdString();
  QVERIFY(!save_run_queue(local(projectFile_), saved.value()));
  QVERIFY(reopenWindow());
  QVERIFY(runner()->isPaused());
  view()->pauseAction()->trigger();  // Resume Queue
  QVERIFY(waitForQueue());
  QCOMPARE(runner()->queue().runs.front().state, QueuedRunState::Finished);
  QCOMPARE(QString::fromStdString(runner()->queue().runs.front().run_folder), folder);
  const auto run = load_recorded_run(local(folder));
  QVERIFY(run);
  QCOMPARE(run->steps.back().step(), std::int64_t{300});
  QVERIFY(run->steps.size() <= std::size_t{300});
  QCOMPARE(cockpit_->runs()->runCount(), 1);
}

void RunQueueEditingTest::removingTheRunningEntryStopsItAndTheQueueGoesOn() {
  project_.training.epochs = 100;
  project_.training.max_steps = 300;
  cockpit_->queue()->queueCurrentSettings();
  project_.training.epochs = 1;
  project_.training.max_steps = 8;
  cockpit_->queue()->queueCurrentSettings();
  const std::string second = runner()->queue().runs[1].id;
  QTRY_VERIFY_WITH_TIMEOUT(cockpit_->charts()->stepCount() >= 3, kQueueTimeoutMs);
  // The running entry shows its progress; the other waits.
  QCOMPARE(view()->text(0, 1), RunQueueView::stateText(QueuedRunState::Running));
  QTRY_VERIFY_WITH_TIMEOUT(
      view()->text(0, 2).endsWith(QLatin1Char('%')) && view()->text(0, 2) != QStringLiteral("0%"),
      kQueueTimeoutMs);
  QCOMPARE(view()->text(1, 1), RunQueueView::stateText(QueuedRunState::Queued));
  view()->selectRow(0);
  QVERIFY(view()->removeAction()->isEnabled());
  view()->removeAction()->trigger();
  QVERIFY(waitForQueue());
  QCOMPARE(runner()->queue().runs.size(), std::size_t{1});
  QCOMPARE(runner()->queue().runs.front().id, second);
  QCOMPARE(runner()->queue().runs.front().state, QueuedRunState::Finished);
  QVERIFY(!runner()->isPaused());
}

void RunQueueEditingTest::aRunStartedByHandIsNotAQueueEntry() {
  runner()->setPaused(true);
  cockpit_->queue()->queueCurrentSettings();
  QSignalSpy finished(cockpit_->controller(), &TrainingController::finished);
  QVERIFY(cockpit_->startTraining());
  QVERIFY(runner()->activeEntry().isEmpty());
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kQueueTimeoutMs);
  QCoreApplication::processEvents();
  const QueuedRun entry = runner()->queue().runs.front();
  QCOMPARE(entry.state, QueuedRunState::Queued);
  QVERIFY(entry.run_folder.empty());
  const auto byHand = load_recorded_run(local(finished.front().at(1).toString()));
  QVERIFY(byHand);
  QVERIFY(byHand->queued_run.empty());
  // Once the worker is free and the queue goes on, the entry trains as itself.
  runner()->setPaused(false);
  QVERIFY(waitForQueue());
  const auto queued = load_recorded_run(runner()->queue().runs.front().run_folder);
  QVERIFY(queued);
  QCOMPARE(queued->queued_run, entry.id);
}

QTEST_MAIN(RunQueueEditingTest)
#include "run_queue_editing_test.moc"
