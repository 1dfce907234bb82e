// The run queue in the studio, driven through the real cockpit and bridge: sweeps queued from the
// sweep dialog train one after another on the worker, the comparison table shows exactly the
// settings that differ, a studio closed mid-queue resumes the interrupted run from its
// checkpoint, and reorder, remove and pause behave.

#include <QAction>
#include <QDir>
#include <QFile>
#include <QMainWindow>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <set>

#include "cockpit_window.h"
#include "convstudio/runs/project_runs.h"
#include "convstudio/runs/run_queue.h"
#include "queue_actions.h"
#include "run_queue_runner.h"
#include "training/live_chart.h"
#include "training/run_comparison_model.h"
#include "training/run_queue_view.h"
#include "training/runs_list.h"
#include "training/sweep_dialog.h"
#include "training/training_charts.h"
#include "training_cockpit.h"
#include "training_controller.h"
#include "training_test_data.h"

using namespace convstudio;

namespace {

constexpr int kQueueTimeoutMs = 120000;  // a ceiling for a loaded machine, not a pace

std::filesystem::path local(const QString& file) {
  return std::filesystem::path(QFile::encodeName(file).toStdString());
}

}  // namespace

class RunQueueTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void aQueuedSweepOfFourRunsCompletesIntoTheComparison();
  void aRestartMidQueueResumesTheInterruptedRun();
  void reorderRemoveAndPauseBehave();
  void stoppingAQueuedRunPausesTheQueueAndItGoesOnLater();
  void removingTheRunningEntryStopsItAndTheQueueGoesOn();
  void aQueueSavedElsewhereMidRunEndsItsEntryThere();
  void aRunStartedByHandIsNotAQueueEntry();

 private:
  RunQueueRunner* runner() const { return cockpit_->queue()->runner(); }
  RunQueueView* view() const { return cockpit_->queue()->view(); }
  // Waits until nothing in the queue is waiting or training.
  void waitForQueue();
  QStringList labels() const;

  testing::CockpitFixture fixture_;
  Project& project_ = fixture_.project;
  QString& projectFile_ = fixture_.projectFile;
  TrainingCockpit* cockpit_ = nullptr;
};

void RunQueueTest::initTestCase() {
  QVERIFY(fixture_.writeData());
}

void RunQueueTest::init() {
  // Each test its own project, so each has its own runs and queue.
  static int count = 0;
  projectFile_ = fixture_.dir.filePath(QStringLiteral("queue-%1.convstudio").arg(++count));
  project_ = testing::tinyProject(fixture_.dataFolder);
  project_.training.epochs = 1;
  project_.training.max_steps = 8;
  QVERIFY(fixture_.openWindow());
  cockpit_ = fixture_.cockpit();
}

void RunQueueTest::cleanup() {
  fixture_.closeWindow();  // the controller's destructor stops any run and joins the thread
  cockpit_ = nullptr;
}

void RunQueueTest::waitForQueue() {
  QTRY_VERIFY_WITH_TIMEOUT(runner()->pendingCount() == 0 && !cockpit_->controller()->isRunning(),
                           kQueueTimeoutMs);
}

QStringList RunQueueTest::labels() const {
  QStringList result;
  for (const QueuedRun& run : runner()->queue().runs) result << QString::fromStdString(run.label);
  return result;
}

void RunQueueTest::aQueuedSweepOfFourRunsCompletesIntoTheComparison() {
  cockpit_->queue()->showSweepDialog();
  SweepDialog* dialog = cockpit_->queue()->sweepDialog();
  QVERIFY(dialog);
  // The engine's messages explain what is wrong; nothing can be queued then.
  dialog->setAxis(0, QStringLiteral("lr"), QStringLiteral("0.01, 500"));
  QVERIFY(dialog->problem().contains(QStringLiteral("lr")));
  QVERIFY(dialog->runs().empty());
  dialog->setAxis(0, QStringLiteral("lr"), QStringLiteral("0.01, 0.1"));
  dialog->setAxis(1, QStringLiteral("batch_size"), QStringLiteral("8, 16"));
  QVERIFY2(dialog->problem().isEmpty(), qPrintable(dialog->problem()));
  QCOMPARE(dialog->runs().size(), std::size_t{4});
  QVERIFY(dialog->sizeText().contains(QStringLiteral("2 × 2")));
  dialog->accept();
  QCOMPARE(runner()->queue().runs.size(), std::size_t{4});
  QCOMPARE(view()->entryCount(), 4);
  waitForQueue();

  for (const QueuedRun& run : runner()->queue().runs) {
    QCOMPARE(run.state, QueuedRunState::Finished);
    QVERIFY(!run.run_folder.empty());
  }
  // The queue file says the same.
  Result<RunQueue> saved = load_run_queue(local(projectFile_));
  QVERIFY(saved);
  QCOMPARE(saved.value(), runner()->queue());

  RunsList* runs = cockpit_->runs();
  QCOMPARE(runs->runCount(), 4);
  RunComparisonModel* model = runs->model();
  // Exactly the two swept settings differ, with each run's own values.
  QCOMPARE(std::set<std::string>(model->comparison().settings.begin(),
                                 model->comparison().settings.end()),
           (std::set<std::string>{"lr", "batch_size"}));
  const int lr = model->settingColumn(QStringLiteral("lr"));
  const int batch = model->settingColumn(QStringLiteral("batch_size"));
  std::set<QString> seen;
  for (int row = 0; row < model->rowCount(); ++row) {
    const QString lrValue = model->index(row, lr).data().toString();
    const QString batchValue = model->index(row, batch).data().toString();
    seen.insert(lrValue + QLatin1Char('/') + batchValue);
    const std::string& label = runs->runs()[static_cast<std::size_t>(row)].label;
    QCOMPARE(QString::fromStdString(label),
             QStringLiteral("lr=%1, batch_size=%2").arg(lrValue, batchValue));
    QCOMPARE(model->index(row, RunComparisonModel::kSweep).data().toString(),
             QString::fromStdString(runner()->queue().runs.front().sweep));
    QCOMPARE(model->index(row, RunComparisonModel::kState).data().toString(),
             RunsList::stateText("finished"));
    QVERIFY(model->index(row, model->figureColumn(RunComparisonModel::kFinalAccuracy))
                .data()
                .toString()
                .endsWith(QLatin1Char('%')));
  }
  QCOMPARE(seen, (std::set<QString>{QStringLiteral("0.01/8"), QStringLiteral("0.01/16"),
                                    QStringLiteral("0.1/8"), QStringLiteral("0.1/16")}));

  // Checked runs reach every chart that compares them.
  TrainingCharts* charts = cockpit_->charts();
  const int loss = charts->lossChart()->curveCount();
  const int accuracy = charts->accuracyChart()->curveCount();
  const int memory = charts->memoryChart()->curveCount();
  runs->setChecked(0, true);
  runs->setChecked(3, true);
  QCOMPARE(charts->overlays().size(), std::size_t{2});
  QCOMPARE(charts->lossChart()->curveCount(), loss + 2);
  QCOMPARE(charts->accuracyChart()->curveCount(), accuracy + 2);
  QCOMPARE(charts->memoryChart()->curveCount(), memory + 2);
  QVERIFY(charts->accuracyChart()->series(accuracy).size() >= 1);
  runs->setChecked(3, false);
  QCOMPARE(charts->accuracyChart()->curveCount(), accuracy + 1);

  // Exported as the engine's CSV, through the atomic write.
  const QString csv = fixture_.dir.filePath(QStringLiteral("runs.csv"));
  QVERIFY(!runs->exportCsv(csv));
  QFile file(csv);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QByteArray text = file.readAll();
  QCOMPARE(text.count('\n'), 5);
  QVERIFY(text.startsWith("run,state,sweep,label,graph_version,"));
}

void RunQueueTest::aRestartMidQueueResumesTheInterruptedRun() {
  project_.training.epochs = 100;
  project_.training.max_steps = 400;
  cockpit_->queue()->queueCurrentSettings();
  project_.training.lr = 0.02;
  cockpit_->queue()->queueCurrentSettings();
  project_.training.lr = 0.03;
  cockpit_->queue()->queueCurrentSettings();
  QCOMPARE(runner()->queue().runs.size(), std::size_t{3});
  const std::string second = runner()->queue().runs[1].id;
  // The second run is caught a few steps in, held there, and the studio closes under it.
  TrainingController* controller = cockpit_->controller();
  QTRY_VERIFY_WITH_TIMEOUT(runner()->activeEntry().toStdString() == second, kQueueTimeoutMs);
  QTRY_VERIFY_WITH_TIMEOUT(cockpit_->charts()->stepCount() >= 5, kQueueTimeoutMs);
  controller->pause();
  QTRY_VERIFY_WITH_TIMEOUT(controller->isPaused(), kQueueTimeoutMs);
  const QString folder = controller->runFolder();
  fixture_.closeWindow();  // the controller stops the run; it writes its checkpoint on the way out

  Result<RunQueue> left = load_run_queue(local(projectFile_));
  QVERIFY(left);
  QCOMPARE(left.value().runs[0].state, QueuedRunState::Finished);
  QCOMPARE(left.value().runs[1].state, QueuedRunState::Running);
  QCOMPARE(QString::fromStdString(left.value().runs[1].run_folder), folder);
  QCOMPARE(left.value().runs[2].state, QueuedRunState::Queued);
  QVERIFY(QFileInfo(folder + QStringLiteral("/last.ckpt")).isDir());

  // A new studio on the same project resumes it in its own folder, then trains the rest; the
  // charts show the run from its first step, the part before the restart read from its folder.
  QVERIFY(fixture_.openWindow());
  cockpit_ = fixture_.cockpit();
  QTRY_VERIFY_WITH_TIMEOUT(
      runner()->activeEntry().toStdString() == second && cockpit_->charts()->stepCount() > 0,
      kQueueTimeoutMs);
  QCOMPARE(cockpit_->charts()->lossChart()->series(0).keys().front(), 1.0);
  waitForQueue();
  const RunQueue& queue = runner()->queue();
  for (const QueuedRun& run : queue.runs) QCOMPARE(run.state, QueuedRunState::Finished);
  QCOMPARE(QString::fromStdString(queue.runs[1].run_folder), folder);
  QCOMPARE(cockpit_->runs()->runCount(), 3);
  QFile runFile(folder + QStringLiteral("/run.json"));
  QVERIFY(runFile.open(QIODevice::ReadOnly));
  QVERIFY(runFile.readAll().contains("\"resumed\""));
  const auto resumed = load_recorded_run(local(folder));
  QVERIFY(resumed);
  QCOMPARE(resumed->state, std::string("finished"));
  QCOMPARE(resumed->steps.back().step, std::int64_t{400});
  // It went on from its checkpoint rather than starting over: no step was trained twice.
  QVERIFY(resumed->steps.size() <= std::size_t{400});
}

void RunQueueTest::reorderRemoveAndPauseBehave() {
  view()->pauseAction()->trigger();
  QVERIFY(runner()->isPaused());
  QCOMPARE(view()->pauseAction()->text(), RunQueueView::tr("Resume Queue"));
  for (double lr : {0.01, 0.02, 0.03}) {
    project_.training.lr = lr;
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
  waitForQueue();
  QCOMPARE(runner()->queue().runs[1].state, QueuedRunState::Finished);
  // They trained in the queue's order.
  QVERIFY(runner()->queue().runs[0].run_folder < runner()->queue().runs[1].run_folder);
  QCOMPARE(view()->text(1, 1), RunQueueView::stateText(QueuedRunState::Finished));
}

void RunQueueTest::stoppingAQueuedRunPausesTheQueueAndItGoesOnLater() {
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

  view()->pauseAction()->trigger();  // Resume Queue
  waitForQueue();
  QCOMPARE(runner()->queue().runs.front().state, QueuedRunState::Finished);
  QCOMPARE(QString::fromStdString(runner()->queue().runs.front().run_folder), folder);
  const auto run = load_recorded_run(local(folder));
  QVERIFY(run);
  QCOMPARE(run->steps.back().step, std::int64_t{300});
  QVERIFY(run->steps.size() <= std::size_t{300});
  QCOMPARE(cockpit_->runs()->runCount(), 1);
}

void RunQueueTest::removingTheRunningEntryStopsItAndTheQueueGoesOn() {
  project_.training.epochs = 100;
  project_.training.max_steps = 300;
  cockpit_->queue()->queueCurrentSettings();
  project_.training.epochs = 1;
  project_.training.max_steps = 8;
  cockpit_->queue()->queueCurrentSettings();
  const std::string second = runner()->queue().runs[1].id;
  QTRY_VERIFY_WITH_TIMEOUT(cockpit_->charts()->stepCount() >= 3, kQueueTimeoutMs);
  view()->selectRow(0);
  QVERIFY(view()->removeAction()->isEnabled());
  view()->removeAction()->trigger();
  waitForQueue();
  QCOMPARE(runner()->queue().runs.size(), std::size_t{1});
  QCOMPARE(runner()->queue().runs.front().id, second);
  QCOMPARE(runner()->queue().runs.front().state, QueuedRunState::Finished);
  QVERIFY(!runner()->isPaused());
}

void RunQueueTest::aQueueSavedElsewhereMidRunEndsItsEntryThere() {
  project_.training.epochs = 100;
  project_.training.max_steps = 150;
  cockpit_->queue()->queueCurrentSettings();
  project_.training.epochs = 1;
  project_.training.max_steps = 8;
  cockpit_->queue()->queueCurrentSettings();
  QTRY_VERIFY_WITH_TIMEOUT(cockpit_->charts()->stepCount() >= 3, kQueueTimeoutMs);
  // Save As of a saved project, as ProjectController does it: runs and queue are copied, the
  // running run's folder once it has ended.
  const QString oldFile = projectFile_;
  const QString newFile = fixture_.dir.filePath(QStringLiteral("saved-elsewhere.convstudio"));
  const CarriedRuns carried = carry_runs(local(oldFile), local(newFile), CarryMode::Copy,
                                         local(cockpit_->controller()->runFolder()));
  QVERIFY(!carried.error);
  projectFile_ = newFile;
  cockpit_->reloadProject();
  QCOMPARE(runner()->queue().runs.size(), std::size_t{2});
  waitForQueue();
  for (const QueuedRun& run : runner()->queue().runs) {
    QCOMPARE(run.state, QueuedRunState::Finished);
    QVERIFY2(QString::fromStdString(run.run_folder).startsWith(newFile), run.run_folder.c_str());
  }
  QCOMPARE(cockpit_->runs()->runCount(), 2);
  Result<RunQueue> old = load_run_queue(local(oldFile));
  QVERIFY(old);
  QCOMPARE(old.value().runs.front().state, QueuedRunState::Finished);
}

void RunQueueTest::aRunStartedByHandIsNotAQueueEntry() {
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
  waitForQueue();
  const auto queued = load_recorded_run(runner()->queue().runs.front().run_folder);
  QVERIFY(queued);
  QCOMPARE(queued->queued_run, entry.id);
}

QTEST_MAIN(RunQueueTest)
#include "run_queue_test.moc"
