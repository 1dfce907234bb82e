// The finders in the studio: Training > Find Learning Rate plots the range test, marks the
// suggestion and applies it as one undoable settings edit; the run settings' "Find…" runs the
// batch-size finder and applies the batch it picks. Driven through the real cockpit, runner
// thread and engine on a tiny dataset.

#include <QDialog>
#include <QMainWindow>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <memory>

#include "graph_document.h"
#include "training/batch_size_finder_dialog.h"
#include "training/lr_finder_dialog.h"
#include "training/lr_finder_plot.h"
#include "training/training_settings_panel.h"
#include "training_cockpit.h"
#include "training_controller.h"
#include "training_test_data.h"
#include "tuning_actions.h"
#include "tuning_runner.h"

using namespace convstudio;

namespace {

constexpr int kFinderTimeoutMs = 120000;  // a ceiling for slow machines, not a pace

}  // namespace

class TuningActionsTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void learningRateFinderPlotsMarksAndAppliesUndoably();
  void stoppingTheFinderKeepsTheCurveAndTheSettings();
  void batchSizeFinderFromTheSettingsPanelAppliesTheLargest();
  void findersWaitWhileTrainingRuns();

 private:
  QTemporaryDir dir_;
  QString dataFolder_;
  std::unique_ptr<QMainWindow> window_;
  GraphDocument* document_ = nullptr;
  TrainingCockpit* cockpit_ = nullptr;
};

void TuningActionsTest::initTestCase() {
  QStandardPaths::setTestModeEnabled(true);
  qputenv("XDG_CACHE_HOME", QFile::encodeName(dir_.filePath(QStringLiteral("cache"))));
  QVERIFY(dir_.isValid());
  dataFolder_ = dir_.filePath(QStringLiteral("tiny-idx"));
  testing::writeTinyIdxDataset(dataFolder_);
}

void TuningActionsTest::init() {
  window_ = std::make_unique<QMainWindow>();
  window_->setCentralWidget(new QWidget);
  document_ = new GraphDocument(window_.get());
  document_->resetProject(testing::tinyProject(dataFolder_));
  TrainingCockpitHost host;
  host.window = window_.get();
  host.viewMenu = window_->menuBar()->addMenu(QStringLiteral("View"));
  host.project = [this] { return document_->project(); };
  host.setSettings = [this](const DatasetSettings& d, const TrainingSettings& t) {
    document_->setSettings(d, t);
  };
  host.runsOwner = [this] { return dir_.filePath(QStringLiteral("tiny.convstudio")); };
  DeviceReport cpuOnly;
  cpuOnly.cuda_unavailable = CudaUnavailable::kNoDriver;
  cockpit_ = new TrainingCockpit(host, cpuOnly, window_.get());
  // As the main window wires it: the document's settings changes reach the panel.
  connect(document_, &GraphDocument::settingsChanged, cockpit_, &TrainingCockpit::reloadProject);
  window_->resize(1200, 800);
  window_->show();
}

void TuningActionsTest::cleanup() {
  window_.reset();
  cockpit_ = nullptr;
  document_ = nullptr;
}

void TuningActionsTest::learningRateFinderPlotsMarksAndAppliesUndoably() {
  TuningActions* tuning = cockpit_->tuning();
  QVERIFY(cockpit_->runActions().contains(tuning->findLearningRateAction()));
  QVERIFY(tuning->findLearningRateAction()->isEnabled());
  const double before = document_->project().training.optimizer.lr;
  QSignalSpy finished(tuning->runner(), &TuningRunner::lrFinished);
  tuning->findLearningRateAction()->trigger();
  QVERIFY(tuning->isBusy());
  QVERIFY(!cockpit_->startAction()->isEnabled());  // no run while the finder uses the device
  LrFinderDialog* dialog = tuning->lrDialog();
  QVERIFY(dialog != nullptr);
  QVERIFY(dialog->isVisible());
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kFinderTimeoutMs);
  QTRY_VERIFY(!tuning->isBusy());
  QVERIFY(cockpit_->startAction()->isEnabled());

  const auto result = finished.front().front().value<LrFinderResult>();
  QVERIFY2(!result.error, result.error ? result.error->describe().c_str() : "");
  QVERIFY(result.suggested_lr.has_value());
  // The plot holds the curve and marks the suggestion.
  QCOMPARE(dialog->plot()->graph(0)->dataCount(), static_cast<int>(result.points.size()));
  QVERIFY(dialog->plot()->xAxis->scaleType() == QCPAxis::stLogarithmic);
  QCOMPARE(dialog->plot()->markedLr(), result.suggested_lr);
  QVERIFY(dialog->applyButton()->isVisible());
  QVERIFY(dialog->statusText().contains(QString::number(*result.suggested_lr, 'g', 3)));

  const int commands = document_->undoStack()->count();
  dialog->applyButton()->click();
  QCOMPARE(document_->project().training.optimizer.lr, *result.suggested_lr);
  QCOMPARE(document_->undoStack()->count(), commands + 1);
  QCOMPARE(cockpit_->settingsPanel()->trainingSettings().optimizer.lr, *result.suggested_lr);
  document_->undoStack()->undo();
  QCOMPARE(document_->project().training.optimizer.lr, before);
}

void TuningActionsTest::stoppingTheFinderKeepsTheCurveAndTheSettings() {
  const TrainingSettings before = document_->project().training;
  TuningActions* tuning = cockpit_->tuning();
  TuningRunner* runner = tuning->runner();
  // Stop as the third point is reported, on the finder's own thread: the tiny model would
  // otherwise finish before a queued Stop arrived.
  connect(
      runner, &TuningRunner::lrPoint, runner,
      [runner](const LrFinderPoint&, qint64 step, qint64) {
        if (step == 3) runner->cancel();
      },
      Qt::DirectConnection);
  QSignalSpy finished(runner, &TuningRunner::lrFinished);
  tuning->findLearningRate();
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kFinderTimeoutMs);
  const auto result = finished.front().front().value<LrFinderResult>();
  QVERIFY(result.cancelled);
  QCOMPARE(result.points.size(), std::size_t{3});
  QTRY_COMPARE(tuning->lrDialog()->plot()->graph(0)->dataCount(), 3);
  QVERIFY(document_->project().training == before);
}

void TuningActionsTest::batchSizeFinderFromTheSettingsPanelAppliesTheLargest() {
  TuningActions* tuning = cockpit_->tuning();
  QSignalSpy finished(tuning->runner(), &TuningRunner::batchFinished);
  auto* find = cockpit_->settingsPanel()->findChild<QPushButton*>(QStringLiteral("findBatchSize"));
  QVERIFY(find != nullptr);
  find->click();
  BatchSizeFinderDialog* dialog = tuning->batchDialog();
  QVERIFY(dialog != nullptr);
  QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kFinderTimeoutMs);
  // The spy hears the finder's thread emit; the dialog's rows arrive queued, before the runner
  // goes idle on this thread.
  QTRY_VERIFY(!tuning->isBusy());
  const auto result = finished.front().front().value<BatchSizeResult>();
  QVERIFY2(!result.error, result.error ? result.error->describe().c_str() : "");
  QVERIFY(result.largest_batch > 0);
  QCOMPARE(dialog->table()->rowCount(), static_cast<int>(result.trials.size()));
  QVERIFY(dialog->largestButton()->isVisible());
  dialog->largestButton()->click();
  QCOMPARE(document_->project().training.batch_size, result.largest_batch);
  document_->undoStack()->undo();
  QCOMPARE(document_->project().training.batch_size, 8);
}

void TuningActionsTest::findersWaitWhileTrainingRuns() {
  Project project = document_->project();
  project.training.epochs = 100000;
  document_->setSettings(project.dataset, project.training);
  QVERIFY(cockpit_->startTraining());
  QVERIFY(!cockpit_->tuning()->findLearningRateAction()->isEnabled());
  cockpit_->tuning()->findLearningRate();
  QVERIFY(!cockpit_->tuning()->isBusy());
  cockpit_->controller()->stopAndWait();
  QTRY_VERIFY(cockpit_->tuning()->findLearningRateAction()->isEnabled());
}

QTEST_MAIN(TuningActionsTest)
#include "tuning_actions_test.moc"
