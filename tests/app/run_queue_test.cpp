// The run queue in the studio, driven through the real cockpit and bridge: a sweep queued from
// the sweep dialog trains one run after another on the worker and the comparison table shows
// exactly the settings that differ; a studio closed mid-queue resumes the interrupted run from
// its checkpoint; a project saved elsewhere mid-run keeps its queue; a project replaced
// mid-queue leaves its entry to resume, and the next project's queue trains. A sweep of runs
// shorter than an epoch still compares their accuracies (issue 32).

#include <QFile>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include <set>

#include "convstudio/runs/project_runs.h"
#include "convstudio/runs/run_queue.h"
#include "modal_answers.h"
#include "queue_actions.h"
#include "queue_test_case.h"
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

class RunQueueTest : public testing::QueueTestCase {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void aQueuedSweepOfFourRunsCompletesIntoTheComparison();
  void aSweepOfRunsShorterThanAnEpochShowsEveryRunsAccuracy();
  void aRestartMidQueueResumesTheInterruptedRun();
  void aQueueSavedElsewhereMidRunEndsItsEntryThere();
  void aProjectReplacedMidQueueLeavesItsEntryAndTheNextQueueTrains();
};

void RunQueueTest::initTestCase() {
  QVERIFY(writeData());
}

void RunQueueTest::init() {
  QVERIFY(openNewProject());
}

void RunQueueTest::cleanup() {
  closeWindow();
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
  QVERIFY(waitForQueue());

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

  // Any column sorts, a setting's values as numbers (16 before 8, not as text).
  QAbstractItemModel* sorted = runs->table()->model();
  runs->table()->sortByColumn(batch, Qt::DescendingOrder);
  QCOMPARE(sorted->index(0, batch).data().toString(), QStringLiteral("16"));
  QCOMPARE(sorted->index(3, batch).data().toString(), QStringLiteral("8"));
  runs->table()->sortByColumn(-1, Qt::AscendingOrder);

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

// 3 steps of an 8-step epoch, validated every 2 steps: each run validates at step 2 and at its
// end, step 3; the table shows every run's accuracy and the chart both validation points.
void RunQueueTest::aSweepOfRunsShorterThanAnEpochShowsEveryRunsAccuracy() {
  project_.training.max_steps = 3;
  project_.training.validation.every_steps = 2;
  cockpit_->queue()->showSweepDialog();
  SweepDialog* dialog = cockpit_->queue()->sweepDialog();
  QVERIFY(dialog);
  dialog->setAxis(0, QStringLiteral("lr"), QStringLiteral("0.01, 0.03, 0.1"));
  QVERIFY2(dialog->problem().isEmpty(), qPrintable(dialog->problem()));
  dialog->accept();
  QVERIFY(waitForQueue());

  RunComparisonModel* model = cockpit_->runs()->model();
  QCOMPARE(model->rowCount(), 3);
  for (const RunComparisonModel::Figure figure :
       {RunComparisonModel::kFinalAccuracy, RunComparisonModel::kBestAccuracy}) {
    for (int row = 0; row < model->rowCount(); ++row) {
      const QString shown = model->index(row, model->figureColumn(figure)).data().toString();
      QVERIFY2(shown.endsWith(QLatin1Char('%')), qPrintable(shown));
    }
  }
  const TrainingCharts* charts = cockpit_->charts();
  constexpr std::size_t validation = metric_index("val_accuracy");
  const std::vector<double>& steps =
      charts->chartOf(validation)->series(charts->curveOf(validation)).keys();
  QCOMPARE(steps, (std::vector<double>{2.0, 3.0}));
}

void RunQueueTest::aRestartMidQueueResumesTheInterruptedRun() {
  project_.training.epochs = 100;
  project_.training.max_steps = 400;
  cockpit_->queue()->queueCurrentSettings();
  project_.training.optimizer.lr = 0.02;
  cockpit_->queue()->queueCurrentSettings();
  project_.training.optimizer.lr = 0.03;
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
  closeWindow();  // the controller stops the run; it writes its checkpoint on the way out

  Result<RunQueue> left = load_run_queue(local(projectFile_));
  QVERIFY(left);
  QCOMPARE(left.value().runs[0].state, QueuedRunState::Finished);
  QCOMPARE(left.value().runs[1].state, QueuedRunState::Running);
  QCOMPARE(QString::fromStdString(left.value().runs[1].run_folder), folder);
  QCOMPARE(left.value().runs[2].state, QueuedRunState::Queued);
  QVERIFY(QFileInfo(folder + QStringLiteral("/last.ckpt")).isDir());

  // A new studio on the same project resumes it in its own folder, then trains the rest; the
  // charts show the run from its first step, the part before the restart read from its folder.
  QVERIFY(reopenWindow());
  QTRY_VERIFY_WITH_TIMEOUT(
      runner()->activeEntry().toStdString() == second && cockpit_->charts()->stepCount() > 0,
      kQueueTimeoutMs);
  QCOMPARE(cockpit_->charts()->lossChart()->series(0).keys().front(), 1.0);
  QVERIFY(waitForQueue());
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
  QCOMPARE(resumed->steps.back().step(), std::int64_t{400});
  // It went on from its checkpoint rather than starting over: no step was trained twice.
  QVERIFY(resumed->steps.size() <= std::size_t{400});
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
  QVERIFY(waitForQueue());
  for (const QueuedRun& run : runner()->queue().runs) {
    QCOMPARE(run.state, QueuedRunState::Finished);
    QVERIFY2(QString::fromStdString(run.run_folder).startsWith(newFile), run.run_folder.c_str());
  }
  QCOMPARE(cockpit_->runs()->runCount(), 2);
  Result<RunQueue> old = load_run_queue(local(oldFile));
  QVERIFY(old);
  QCOMPARE(old.value().runs.front().state, QueuedRunState::Finished);
}

// Issue 31: opening another project asks to stop the queue (ProjectController::confirmReplace →
// TrainingCockpit::confirmStop); the stopped entry stays Running in its own queue file, to resume
// when that project opens again, and the runner then trains the new project's queue.
void RunQueueTest::aProjectReplacedMidQueueLeavesItsEntryAndTheNextQueueTrains() {
  project_.training.epochs = 100;
  project_.training.max_steps = 400;
  cockpit_->queue()->queueCurrentSettings();
  QTRY_VERIFY_WITH_TIMEOUT(cockpit_->charts()->stepCount() >= 3, kQueueTimeoutMs);
  const QString folder = cockpit_->controller()->runFolder();
  {
    testing::ModalAnswers answered({testing::ModalAnswers::click(QMessageBox::Yes)});
    QVERIFY(cockpit_->confirmStop(fixture_.opened.window.get()));
    QVERIFY2(answered.allAnswered(), qPrintable(answered.seen.join(QLatin1Char('\n'))));
  }
  QVERIFY(!cockpit_->controller()->isRunning());
  const QString replaced = projectFile_;
  projectFile_ = fixture_.dir.filePath(QStringLiteral("the-next-project.convstudio"));
  project_ = testing::tinyProject(fixture_.dataFolder);
  project_.training.epochs = 1;
  project_.training.max_steps = 8;
  cockpit_->reloadProject();
  cockpit_->queue()->queueCurrentSettings();
  QVERIFY(waitForQueue());
  QCOMPARE(runner()->queue().runs.front().state, QueuedRunState::Finished);

  Result<RunQueue> left = load_run_queue(local(replaced));
  QVERIFY(left);
  QCOMPARE(left.value().runs.front().state, QueuedRunState::Running);
  QCOMPARE(QString::fromStdString(left.value().runs.front().run_folder), folder);
  QVERIFY(QFileInfo(folder + QStringLiteral("/last.ckpt")).isDir());
}

QTEST_MAIN(RunQueueTest)
#include "run_queue_test.moc"
