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

#include <cmath>
#include <memory>

#include "cockpit_window.h"
#include "training/confusion_panel.h"
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

  testing::CockpitFixture fixture_;
};

void TrainingCockpitTest::initTestCase() {
  QVERIFY(fixture_.writeData());
  fixture_.projectFile = fixture_.dir.filePath(QStringLiteral("tiny.convstudio"));
}

void TrainingCockpitTest::init() {
  fixture_.project = testing::tinyProject(fixture_.dataFolder);
  QVERIFY(fixture_.openWindow());
}

void TrainingCockpitTest::cleanup() {
  fixture_.closeWindow();  // the controller's destructor stops any run and joins the thread
}

Project TrainingCockpitTest::longProject() const {
  Project project = fixture_.project;
  project.training.max_steps = 0;
  project.training.epochs = 100000;  // stopped by the test long before the end
  return project;
}

void TrainingCockpitTest::shortRunFillsChartsReachesFullProgressAndRecordsRun() {
  QCOMPARE(fixture_.cockpit()->docks().size(), 8);  // with the run queue
  QVERIFY(fixture_.cockpit()->settingsPanel()->blockingProblem().isEmpty());
  TickCounter ticks(5);
  QSignalSpy finished(fixture_.cockpit()->controller(), &TrainingController::finished);
  QSignalSpy epochs(fixture_.cockpit()->controller(), &TrainingController::epochEnded);
  fixture_.cockpit()->logDock()->raise();
  fixture_.cockpit()->confusionDock()->raise();
  QVERIFY(fixture_.cockpit()->startTraining());
  // The run's progress and charts come to the front.
  QVERIFY(fixture_.cockpit()->progressDock()->isVisible());
  QVERIFY(fixture_.cockpit()->chartsDock()->isVisible());
  QVERIFY(fixture_.cockpit()->controller()->isRunning());
  const int ticksAtStart = ticks.ticks;
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);

  const auto summary = finished.front().front().value<RunSummary>();
  QCOMPARE(summary.state, RunState::Finished);
  QCOMPARE(summary.steps, 20);
  // The UI thread kept serving its timers while the worker trained.
  QVERIFY(ticks.ticks > ticksAtStart);

  TrainingCharts* charts = fixture_.cockpit()->charts();
  QCOMPARE(charts->stepCount(), std::size_t{20});
  QTRY_VERIFY(charts->redrawCount() > 0);
  // Epochs 1 and 2 validate at their ends, and the run at its own, part-way through epoch 3:
  // each drawn at its step.
  QCOMPARE(epochs.size(), 3);
  QCOMPARE(charts->lossChart()->series(2).keys(), (std::vector<double>{8, 16, 20}));
  // The gradient norm, a metric of the list with a chart of its own, drawn live at every step.
  constexpr std::size_t kGradNorm = metric_index("grad_norm");
  QVERIFY(charts->chartOf(kGradNorm) != nullptr);
  const MetricSeries& norms = charts->chartOf(kGradNorm)->series(charts->curveOf(kGradNorm));
  QCOMPARE(norms.size(), std::size_t{20});
  for (double norm : norms.values()) QVERIFY(std::isfinite(norm) && norm > 0);
  QProgressBar* overall = fixture_.cockpit()->progress()->overallBar();
  QCOMPARE(overall->value(), overall->maximum());
  QCOMPARE(overall->maximum(), 20);

  QCOMPARE(fixture_.cockpit()->confusion()->classCount(), 4);
  std::int64_t validated = 0;
  for (int t = 0; t < 4; ++t) {
    for (int p = 0; p < 4; ++p) validated += fixture_.cockpit()->confusion()->cell(t, p);
  }
  QCOMPARE(validated, 32);

  // Recorded next to the project, listed and overlayable.
  const QString folder = finished.front().at(1).toString();
  QVERIFY(folder.startsWith(fixture_.projectFile + QStringLiteral(".runs/")));
  QVERIFY(QFileInfo::exists(folder + QStringLiteral("/run.json")));
  QVERIFY(QFileInfo::exists(folder + QStringLiteral("/metrics.csv")));
  RunsList* runs = fixture_.cockpit()->runs();
  QCOMPARE(runs->runCount(), 1);
  QCOMPARE(runs->runs().front().state, std::string("finished"));
  QVERIFY(runs->runs().front().steps.empty());  // the list reads no steps; an overlay does
  const int curves = charts->lossChart()->curveCount();
  const int accuracyCurves = charts->accuracyChart()->curveCount();
  runs->setChecked(0, true);
  QCOMPARE(runs->checkedRuns().front().steps.size(), std::size_t{20});
  QCOMPARE(charts->lossChart()->curveCount(), curves + 1);
  QCOMPARE(charts->accuracyChart()->curveCount(), accuracyCurves + 1);

  const QString csv = fixture_.dir.filePath(QStringLiteral("export.csv"));
  QCOMPARE(charts->exportCsv(csv), std::nullopt);
  QFile file(csv);
  QVERIFY(file.open(QIODevice::ReadOnly));
  // metrics.csv's columns: a header, 20 steps and the epochs.
  const QByteArray exported = file.readAll();
  QCOMPARE(exported.count("\nstep,"), 20);
  QCOMPARE(exported.count("\nepoch,"), static_cast<qsizetype>(runs->runs().front().epochs.size()));
  QFile recorded(folder + QStringLiteral("/metrics.csv"));
  QVERIFY(recorded.open(QIODevice::ReadOnly));
  QCOMPARE(exported.left(exported.indexOf('\n')), recorded.readLine().trimmed());
  QVERIFY(charts->lossChart()->exportTo(fixture_.dir.filePath(QStringLiteral("loss.png"))));
  QVERIFY(charts->lossChart()->exportTo(fixture_.dir.filePath(QStringLiteral("loss.pdf"))));
  // A new run keeps the overlays on every chart.
  charts->beginRun(fixture_.project.training);
  QCOMPARE(charts->accuracyChart()->series(accuracyCurves).size(),
           runs->runs().front().epochs.size());
}

void TrainingCockpitTest::stopMidRunReturnsControlAndLeavesCheckpoint() {
  fixture_.project = longProject();
  QSignalSpy finished(fixture_.cockpit()->controller(), &TrainingController::finished);
  QVERIFY(fixture_.cockpit()->startTraining());
  QTRY_VERIFY_WITH_TIMEOUT(fixture_.cockpit()->charts()->stepCount() >= 3, kRunTimeoutMs);
  fixture_.cockpit()->controller()->stop();
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
  QVERIFY(!fixture_.cockpit()->controller()->isRunning());
  const auto summary = finished.front().front().value<RunSummary>();
  QCOMPARE(summary.state, RunState::Cancelled);
  const QString folder = finished.front().at(1).toString();
  QVERIFY(QFileInfo(folder + QStringLiteral("/last.ckpt")).isDir());
  QCOMPARE(QString::fromStdString(summary.checkpoints.last), folder + QStringLiteral("/last.ckpt"));
  QCOMPARE(fixture_.cockpit()->progress()->phase(), TrainingProgressView::Phase::Idle);

  // The checkpoint resumes: the new run goes on from the step it stopped at.
  fixture_.project = testing::tinyProject(fixture_.dataFolder);
  fixture_.project.training.max_steps = summary.steps + 4;
  fixture_.project.training.epochs = 100000;
  finished.clear();
  QVERIFY(fixture_.cockpit()->startTraining(folder + QStringLiteral("/last.ckpt")));
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
  const auto resumed = finished.front().front().value<RunSummary>();
  QCOMPARE(resumed.state, RunState::Finished);
  QCOMPARE(resumed.steps, summary.steps + 4);
}

void TrainingCockpitTest::pauseHoldsTheRunAndResumeContinuesIt() {
  fixture_.project = longProject();
  TrainingController* controller = fixture_.cockpit()->controller();
  QSignalSpy finished(controller, &TrainingController::finished);
  QVERIFY(fixture_.cockpit()->startTraining());
  QTRY_VERIFY_WITH_TIMEOUT(fixture_.cockpit()->charts()->stepCount() >= 2, kRunTimeoutMs);
  controller->pause();
  QTRY_VERIFY_WITH_TIMEOUT(controller->isPaused(), kRunTimeoutMs);
  QCOMPARE(fixture_.cockpit()->progress()->phase(), TrainingProgressView::Phase::Paused);
  // Every step taken before the pause was queued ahead of the Paused state; while paused the
  // UI keeps ticking and no further step arrives.
  const std::size_t pausedAt = fixture_.cockpit()->charts()->stepCount();
  TickCounter ticks(10);
  QTRY_VERIFY(ticks.ticks >= 10);
  QCOMPARE(fixture_.cockpit()->charts()->stepCount(), pausedAt);

  controller->resume();
  QTRY_VERIFY_WITH_TIMEOUT(fixture_.cockpit()->charts()->stepCount() > pausedAt, kRunTimeoutMs);
  QCOMPARE(fixture_.cockpit()->progress()->phase(), TrainingProgressView::Phase::Running);
  controller->stop();
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
}

void TrainingCockpitTest::settingsEditsReachTheProject() {
  auto* batch =
      fixture_.cockpit()->settingsPanel()->findChild<QSpinBox*>(QStringLiteral("batchSize"));
  QVERIFY(batch);
  batch->setValue(16);
  QCOMPARE(fixture_.project.training.batch_size, 16);
  // A change made elsewhere (undo, another panel) shows after reloadProject().
  fixture_.project.training.optimizer.lr = 0.125;
  fixture_.cockpit()->reloadProject();
  QCOMPARE(fixture_.cockpit()->settingsPanel()->trainingSettings().optimizer.lr, 0.125);
  // Nesterov with Adam is a warning (the optimizer leaves it out), not a reason to refuse.
  auto* nesterov =
      fixture_.cockpit()->settingsPanel()->findChild<QCheckBox*>(QStringLiteral("nesterov"));
  auto* optimizer =
      fixture_.cockpit()->settingsPanel()->findChild<QComboBox*>(QStringLiteral("optimizer"));
  nesterov->setChecked(true);
  optimizer->setCurrentIndex(optimizer->findData(static_cast<int>(OptimizerKind::Adam)));
  QVERIFY(fixture_.cockpit()->settingsPanel()->blockingProblem().isEmpty());
  // An invalid setting blocks Start, and says why.
  auto* lr = fixture_.cockpit()->settingsPanel()->findChild<QDoubleSpinBox*>(QStringLiteral("lr"));
  QVERIFY(lr);
  lr->setValue(0);
  QVERIFY(!fixture_.cockpit()->settingsPanel()->blockingProblem().isEmpty());
  QVERIFY(!fixture_.cockpit()->startTraining());
  QVERIFY(!fixture_.cockpit()->controller()->isRunning());
  // The preview grid shows augmented samples of the IDX folder.
  QTRY_VERIFY_WITH_TIMEOUT(fixture_.cockpit()->settingsPanel()->preview()->sampleCount() > 0,
                           30000);
}

void TrainingCockpitTest::closingDuringARunAsksThenStops() {
  fixture_.project = longProject();
  QVERIFY(fixture_.cockpit()->startTraining());
  QTRY_VERIFY_WITH_TIMEOUT(fixture_.cockpit()->charts()->stepCount() >= 1, kRunTimeoutMs);
  // Answer the question as a user would: first "No" (the run goes on), then "Yes".
  const auto answer = [](QMessageBox::StandardButton button) {
    QTimer::singleShot(0, [button] {
      auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
      QVERIFY(box);
      box->button(button)->click();
    });
  };
  answer(QMessageBox::No);
  QVERIFY(!fixture_.cockpit()->confirmStop(fixture_.opened.window.get()));
  QVERIFY(fixture_.cockpit()->controller()->isRunning());
  answer(QMessageBox::Yes);
  QVERIFY(fixture_.cockpit()->confirmStop(fixture_.opened.window.get()));
  QVERIFY(!fixture_.cockpit()->controller()->isRunning());
  QVERIFY(QFileInfo(fixture_.cockpit()->controller()->runFolder() + QStringLiteral("/last.ckpt"))
              .isDir());
}

QTEST_MAIN(TrainingCockpitTest)
#include "training_cockpit_test.moc"

void TrainingCockpitTest::aStaleFailureGoesWhenTheProjectChanges() {
  fixture_.project.graph.set_param("output1", "classes", std::int64_t{3});  // the data has 4
  QSignalSpy finished(fixture_.cockpit()->controller(), &TrainingController::finished);
  QVERIFY(fixture_.cockpit()->startTraining());
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
  const QString failure = fixture_.cockpit()->progress()->statusText();
  // The engine's Error with its place (the block) first, as describe() writes it.
  QVERIFY2(failure.startsWith(QStringLiteral("Failed: output1 (Output): Output: 3 classes")),
           qPrintable(failure));
  auto* bar = fixture_.opened.window->findChild<QLabel*>(QStringLiteral("trainingStatusBar"));
  QCOMPARE(bar->text(), failure);
  // The user edits the model (the window calls this on every change): the old failure goes;
  // the log keeps it.
  fixture_.cockpit()->clearStaleFailure();
  QCOMPARE(fixture_.cockpit()->progress()->statusText(), QStringLiteral("Ready."));
  QCOMPARE(bar->text(), QStringLiteral("Ready."));
  QVERIFY(fixture_.cockpit()->log()->toPlainText().contains(QStringLiteral("Output: 3 classes")));
}

void TrainingCockpitTest::reopeningAProjectShowsItsLastRun() {
  QSignalSpy finished(fixture_.cockpit()->controller(), &TrainingController::finished);
  QVERIFY(fixture_.cockpit()->startTraining());
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kRunTimeoutMs);
  const auto summary = finished.front().front().value<RunSummary>();
  QCOMPARE(summary.state, RunState::Finished);
  cleanup();
  // A new window (the studio restarted) on the same project: charts, confusion matrix and the
  // outcome of its newest run are back, read from the run's folder.
  init();
  QCOMPARE(fixture_.cockpit()->charts()->stepCount(), std::size_t{20});
  QCOMPARE(fixture_.cockpit()->confusion()->classCount(), 4);
  QVERIFY2(fixture_.cockpit()->progress()->statusText().startsWith(QStringLiteral("Last run ")),
           qPrintable(fixture_.cockpit()->progress()->statusText()));
  QVERIFY(fixture_.cockpit()->progress()->statusText().contains(QStringLiteral("finished")));
}
