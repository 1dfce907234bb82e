// The training cockpit driven through the real bridge: a real Trainer on a worker thread,
// training a tiny IDX dataset the test writes, with the docks on a real main window.

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <memory>

#include "cockpit_window.h"
#include "training/confusion_matrix_view.h"
#include "training/live_chart.h"
#include "training/misclassified_gallery.h"
#include "training/runs_list.h"
#include "training/sample_preview_grid.h"
#include "training/training_charts.h"
#include "training/training_log_view.h"
#include "training/training_progress_view.h"
#include "training/training_settings_panel.h"
#include "training_cockpit.h"
#include "training_controller.h"
#include "training_test_data.h"

using namespace convstudio;

namespace {

constexpr int kRunTimeoutMs = 120000;  // a generous ceiling for slow CI machines, not a pace

// Counts timer ticks on the UI thread, i.e. proof the event loop keeps running.
class TickCounter : public QObject {
 public:
  explicit TickCounter(int intervalMs) {
    connect(&timer_, &QTimer::timeout, this, [this] { ++ticks; });
    timer_.start(intervalMs);
  }
  int ticks = 0;

 private:
  QTimer timer_;
};

}  // namespace

class TrainingCockpitTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void shortRunFillsChartsReachesFullProgressAndRecordsRun();
  void stopMidRunReturnsControlAndLeavesCheckpoint();
  void pauseHoldsTheRunAndResumeContinuesIt();
  void settingsEditsReachTheProject();
  void closingDuringARunAsksThenStops();
  void aStaleFailureGoesWhenTheProjectChanges();
  void reopeningAProjectShowsItsLastRun();

 private:
  Project longProject() const;

  QTemporaryDir dir_;
  QString dataFolder_;
  QString projectFile_;
  Project project_;
  std::unique_ptr<QMainWindow> window_;
  TrainingCockpit* cockpit_ = nullptr;
};

void TrainingCockpitTest::initTestCase() {
  QStandardPaths::setTestModeEnabled(true);
  QVERIFY(dir_.isValid());
  dataFolder_ = dir_.filePath(QStringLiteral("tiny-idx"));
  testing::writeTinyIdxDataset(dataFolder_);
  projectFile_ = dir_.filePath(QStringLiteral("tiny.convstudio"));
}

void TrainingCockpitTest::init() {
  project_ = testing::tinyProject(dataFolder_);
  DeviceReport cpuOnly;
  cpuOnly.cuda_unavailable = CudaUnavailable::kNoDriver;
  testing::CockpitWindow opened = testing::openCockpitWindow(&project_, &projectFile_, cpuOnly);
  window_ = std::move(opened.window);
  cockpit_ = opened.cockpit;
  QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
}

void TrainingCockpitTest::cleanup() {
  window_.reset();  // the controller's destructor stops any run and joins the thread
  cockpit_ = nullptr;
}

Project TrainingCockpitTest::longProject() const {
  Project project = project_;
  project.training.max_steps = 0;
  project.training.epochs = 100000;  // stopped by the test long before the end
  return project;
}

void TrainingCockpitTest::shortRunFillsChartsReachesFullProgressAndRecordsRun() {
  QCOMPARE(cockpit_->docks().size(), 8);  // with the run queue
  QVERIFY(cockpit_->settingsPanel()->blockingProblem().isEmpty());
  TickCounter ticks(5);
  QSignalSpy finished(cockpit_->controller(), &TrainingController::finished);
  QSignalSpy epochs(cockpit_->controller(), &TrainingController::epochEnded);
  cockpit_->logDock()->raise();
  cockpit_->confusionDock()->raise();
  QVERIFY(cockpit_->startTraining());
  // The run's progress and charts come to the front.
  QVERIFY(cockpit_->progressDock()->isVisible());
  QVERIFY(cockpit_->chartsDock()->isVisible());
  QVERIFY(cockpit_->controller()->isRunning());
  const int ticksAtStart = ticks.ticks;
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);

  const auto summary = finished.front().front().value<RunSummary>();
  QCOMPARE(summary.state, RunState::Finished);
  QCOMPARE(summary.steps, 20);
  // The UI thread kept serving its timers while the worker trained.
  QVERIFY(ticks.ticks > ticksAtStart);

  TrainingCharts* charts = cockpit_->charts();
  QCOMPARE(charts->stepCount(), std::size_t{20});
  QTRY_VERIFY(charts->redrawCount() > 0);
  QVERIFY(epochs.size() >= 2);  // epochs 1 and 2 validate; the step limit ends in epoch 3
  QCOMPARE(charts->lossChart()->series(2).size(), static_cast<std::size_t>(epochs.size()));
  QProgressBar* overall = cockpit_->progress()->overallBar();
  QCOMPARE(overall->value(), overall->maximum());
  QCOMPARE(overall->maximum(), 20);

  QCOMPARE(cockpit_->confusion()->classCount(), 4);
  std::int64_t validated = 0;
  for (int t = 0; t < 4; ++t) {
    for (int p = 0; p < 4; ++p) validated += cockpit_->confusion()->cell(t, p);
  }
  QCOMPARE(validated, 32);

  // Recorded next to the project, listed and overlayable.
  const QString folder = finished.front().at(1).toString();
  QVERIFY(folder.startsWith(projectFile_ + QStringLiteral(".runs/")));
  QVERIFY(QFileInfo::exists(folder + QStringLiteral("/run.json")));
  QVERIFY(QFileInfo::exists(folder + QStringLiteral("/metrics.csv")));
  RunsList* runs = cockpit_->runs();
  QCOMPARE(runs->runCount(), 1);
  QCOMPARE(runs->runs().front().state, std::string("finished"));
  QCOMPARE(runs->runs().front().steps.size(), std::size_t{20});
  const int curves = charts->lossChart()->curveCount();
  const int accuracyCurves = charts->accuracyChart()->curveCount();
  runs->setChecked(0, true);
  QCOMPARE(charts->lossChart()->curveCount(), curves + 1);
  QCOMPARE(charts->accuracyChart()->curveCount(), accuracyCurves + 1);

  const QString csv = dir_.filePath(QStringLiteral("export.csv"));
  QVERIFY(charts->exportCsv(csv));
  QFile file(csv);
  QVERIFY(file.open(QIODevice::ReadOnly));
  QCOMPARE(file.readAll().count('\n'), 21);  // header and 20 steps
  QVERIFY(charts->lossChart()->exportTo(dir_.filePath(QStringLiteral("loss.png"))));
  QVERIFY(charts->lossChart()->exportTo(dir_.filePath(QStringLiteral("loss.pdf"))));
  // A new run keeps the overlays on every chart.
  charts->beginRun(project_.training);
  QCOMPARE(charts->accuracyChart()->series(accuracyCurves).size(),
           runs->runs().front().epochs.size());
}

void TrainingCockpitTest::stopMidRunReturnsControlAndLeavesCheckpoint() {
  project_ = longProject();
  QSignalSpy finished(cockpit_->controller(), &TrainingController::finished);
  QVERIFY(cockpit_->startTraining());
  QTRY_VERIFY_WITH_TIMEOUT(cockpit_->charts()->stepCount() >= 3, kRunTimeoutMs);
  cockpit_->controller()->stop();
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
  QVERIFY(!cockpit_->controller()->isRunning());
  const auto summary = finished.front().front().value<RunSummary>();
  QCOMPARE(summary.state, RunState::Cancelled);
  const QString folder = finished.front().at(1).toString();
  QVERIFY(QFileInfo(folder + QStringLiteral("/last.ckpt")).isDir());
  QCOMPARE(QString::fromStdString(summary.last_checkpoint), folder + QStringLiteral("/last.ckpt"));
  QCOMPARE(cockpit_->progress()->phase(), TrainingProgressView::Phase::Idle);

  // The checkpoint resumes: the new run goes on from the step it stopped at.
  project_ = testing::tinyProject(dataFolder_);
  project_.training.max_steps = summary.steps + 4;
  project_.training.epochs = 100000;
  finished.clear();
  QVERIFY(cockpit_->startTraining(folder + QStringLiteral("/last.ckpt")));
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
  const auto resumed = finished.front().front().value<RunSummary>();
  QCOMPARE(resumed.state, RunState::Finished);
  QCOMPARE(resumed.steps, summary.steps + 4);
}

void TrainingCockpitTest::pauseHoldsTheRunAndResumeContinuesIt() {
  project_ = longProject();
  TrainingController* controller = cockpit_->controller();
  QSignalSpy finished(controller, &TrainingController::finished);
  QVERIFY(cockpit_->startTraining());
  QTRY_VERIFY_WITH_TIMEOUT(cockpit_->charts()->stepCount() >= 2, kRunTimeoutMs);
  controller->pause();
  QTRY_VERIFY_WITH_TIMEOUT(controller->isPaused(), kRunTimeoutMs);
  QCOMPARE(cockpit_->progress()->phase(), TrainingProgressView::Phase::Paused);
  // Every step taken before the pause was queued ahead of the Paused state; while paused the
  // UI keeps ticking and no further step arrives.
  const std::size_t pausedAt = cockpit_->charts()->stepCount();
  TickCounter ticks(10);
  QTRY_VERIFY(ticks.ticks >= 10);
  QCOMPARE(cockpit_->charts()->stepCount(), pausedAt);

  controller->resume();
  QTRY_VERIFY_WITH_TIMEOUT(cockpit_->charts()->stepCount() > pausedAt, kRunTimeoutMs);
  QCOMPARE(cockpit_->progress()->phase(), TrainingProgressView::Phase::Running);
  controller->stop();
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
}

void TrainingCockpitTest::settingsEditsReachTheProject() {
  auto* batch = cockpit_->settingsPanel()->findChild<QSpinBox*>(QStringLiteral("batchSize"));
  QVERIFY(batch);
  batch->setValue(16);
  QCOMPARE(project_.training.batch_size, 16);
  // A change made elsewhere (undo, another panel) shows after reloadProject().
  project_.training.lr = 0.125;
  cockpit_->reloadProject();
  QCOMPARE(cockpit_->settingsPanel()->trainingSettings().lr, 0.125);
  // An invalid combination blocks Start, and says why.
  auto* nesterov = cockpit_->settingsPanel()->findChild<QCheckBox*>(QStringLiteral("nesterov"));
  auto* optimizer = cockpit_->settingsPanel()->findChild<QComboBox*>(QStringLiteral("optimizer"));
  nesterov->setChecked(true);
  optimizer->setCurrentIndex(optimizer->findData(static_cast<int>(OptimizerKind::Adam)));
  QVERIFY(!cockpit_->settingsPanel()->blockingProblem().isEmpty());
  QVERIFY(!cockpit_->startTraining());
  QVERIFY(!cockpit_->controller()->isRunning());
  // The preview grid shows augmented samples of the IDX folder.
  QTRY_VERIFY_WITH_TIMEOUT(cockpit_->settingsPanel()->preview()->sampleCount() > 0, 30000);
}

void TrainingCockpitTest::closingDuringARunAsksThenStops() {
  project_ = longProject();
  QVERIFY(cockpit_->startTraining());
  QTRY_VERIFY_WITH_TIMEOUT(cockpit_->charts()->stepCount() >= 1, kRunTimeoutMs);
  // Answer the question as a user would: first "No" (the run goes on), then "Yes".
  const auto answer = [](QMessageBox::StandardButton button) {
    QTimer::singleShot(0, [button] {
      auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
      QVERIFY(box);
      box->button(button)->click();
    });
  };
  answer(QMessageBox::No);
  QVERIFY(!cockpit_->confirmStop(window_.get()));
  QVERIFY(cockpit_->controller()->isRunning());
  answer(QMessageBox::Yes);
  QVERIFY(cockpit_->confirmStop(window_.get()));
  QVERIFY(!cockpit_->controller()->isRunning());
  QVERIFY(QFileInfo(cockpit_->controller()->runFolder() + QStringLiteral("/last.ckpt")).isDir());
}

QTEST_MAIN(TrainingCockpitTest)
#include "training_cockpit_test.moc"

void TrainingCockpitTest::aStaleFailureGoesWhenTheProjectChanges() {
  project_.graph.set_param("output1", "classes", std::int64_t{3});  // the data has 4
  QSignalSpy finished(cockpit_->controller(), &TrainingController::finished);
  QVERIFY(cockpit_->startTraining());
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
  const QString failure = cockpit_->progress()->statusText();
  QVERIFY2(failure.startsWith(QStringLiteral("Failed: Output: 3 classes")), qPrintable(failure));
  auto* bar = window_->findChild<QLabel*>(QStringLiteral("trainingStatusBar"));
  QCOMPARE(bar->text(), failure);
  // The user edits the model (the window calls this on every change): the old failure goes;
  // the log keeps it.
  cockpit_->clearStaleFailure();
  QCOMPARE(cockpit_->progress()->statusText(), QStringLiteral("Ready."));
  QCOMPARE(bar->text(), QStringLiteral("Ready."));
  QVERIFY(cockpit_->log()->toPlainText().contains(QStringLiteral("Output: 3 classes")));
}

void TrainingCockpitTest::reopeningAProjectShowsItsLastRun() {
  QSignalSpy finished(cockpit_->controller(), &TrainingController::finished);
  QVERIFY(cockpit_->startTraining());
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
  const auto summary = finished.front().front().value<RunSummary>();
  QCOMPARE(summary.state, RunState::Finished);
  cleanup();
  // A new window (the studio restarted) on the same project: charts, confusion matrix and the
  // outcome of its newest run are back, read from the run's folder.
  init();
  QCOMPARE(cockpit_->charts()->stepCount(), std::size_t{20});
  QCOMPARE(cockpit_->confusion()->classCount(), 4);
  QVERIFY2(cockpit_->progress()->statusText().startsWith(QStringLiteral("Last run ")),
           qPrintable(cockpit_->progress()->statusText()));
  QVERIFY(cockpit_->progress()->statusText().contains(QStringLiteral("finished")));
}
