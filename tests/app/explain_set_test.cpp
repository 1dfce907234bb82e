// Issue 35: a confusion-matrix cell's images, or the misclassified gallery's, explained together.
// A trained lenet5 checkpoint; a click on a cell lists exactly that cell's validation images,
// Explain these gives one overlay per image (shown large when chosen, saved by Save all), and
// Cancel stops a run part-way.

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "convstudio/explain/explanation.h"
#include "convstudio/model/template_library.h"
#include "convstudio/train/checkpoint_evaluation.h"
#include "explain_controller.h"
#include "explain_set_controller.h"
#include "inference/explain_section.h"
#include "inference/explain_set_view.h"
#include "inference/heat_map_view.h"
#include "inference/inference_panel.h"
#include "inference_controller.h"
#include "main_window.h"
#include "project_controller.h"
#include "training/confusion_matrix_view.h"
#include "training/misclassified_gallery.h"
#include "training/misclassified_panel.h"
#include "training_cockpit.h"
#include "training_test_data.h"

using namespace convstudio;

namespace {

constexpr int kSide = 28;
constexpr int kClasses = 4;
constexpr int kWait = 60000;

QString trainLenet5(const QString& folder) {
  const QString data = QDir(folder).filePath(QStringLiteral("data"));
  testing::writeTinyIdxDataset(data, 32, 24, kClasses, kSide);
  Project project = testing::tinyProject(data, kClasses, kSide);
  project.graph =
      *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, kSide, kSide), kClasses).graph;
  return testing::trainCheckpoint(project, QDir(folder).filePath(QStringLiteral("run")), 4);
}

}  // namespace

class ExplainSetTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("ConvStudioTest"));
    QApplication::setApplicationName(QStringLiteral("ExplainSetTest"));
    QVERIFY(dir_.isValid());
    checkpoint_ = trainLenet5(dir_.path());
    QVERIFY(!checkpoint_.isEmpty());
  }

  void aClickedCellsImagesAreListedAndExplainedOneOverlayEach() {
    InferenceController controller;
    std::unique_ptr<InferencePanel> panel(controller.panel());
    controller.setModelPath(checkpoint_);
    QTRY_VERIFY_WITH_TIMEOUT(controller.explainer()->explainer() != nullptr, kWait);

    // The matrix as the training dock shows it; its fullest cell is clicked.
    const CheckpointEvaluation evaluation =
        evaluate_checkpoint(checkpoint_.toStdString(), {}, "cpu");
    QVERIFY(!evaluation.error);
    int trueClass = 0;
    int predicted = 0;
    for (int t = 0; t < kClasses; ++t) {
      for (int p = 0; p < kClasses; ++p) {
        if (evaluation.confusion[t][p] > evaluation.confusion[trueClass][predicted]) {
          trueClass = t;
          predicted = p;
        }
      }
    }
    const auto count = static_cast<int>(evaluation.confusion[trueClass][predicted]);
    QVERIFY(count > 0);
    ConfusionMatrixView matrix;
    matrix.resize(420, 380);
    EpochMetrics epoch;
    epoch.confusion = evaluation.confusion;
    epoch.class_names = evaluation.class_names;
    matrix.showEpoch(epoch);
    matrix.show();
    QVERIFY(QTest::qWaitForWindowExposed(&matrix));
    matrix.replot();
    connect(&matrix, &ConfusionMatrixView::cellSelected, controller.explainSet(),
            &ExplainSetController::listCell);
    QSignalSpy listed(controller.explainSet(), &ExplainSetController::setListed);
    QTest::mouseClick(&matrix, Qt::LeftButton, {},
                      QPoint(static_cast<int>(matrix.xAxis->coordToPixel(predicted)),
                             static_cast<int>(matrix.yAxis->coordToPixel(trueClass))));
    QTRY_COMPARE_WITH_TIMEOUT(listed.count(), 1, kWait);

    ExplainSetView* view = panel->explainSet();
    QCOMPARE(view->itemCount(), count);
    for (const EvaluatedSample& sample : controller.explainSet()->samples()) {
      QCOMPARE(sample.true_class, std::int64_t{trueClass});
      QCOMPARE(sample.predicted_class, std::int64_t{predicted});
      QVERIFY(!sample.image.empty());  // IDX data: the pixels travel with the sample
    }

    QSignalSpy finished(controller.explainSet(), &ExplainSetController::runFinished);
    auto* explain = view->findChild<QPushButton*>(QStringLiteral("explainSetButton"));
    QVERIFY(explain && explain->isEnabled());
    explain->click();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kWait);
    QCOMPARE(view->overlayCount(), count);

    // Chosen in the grid: shown large in the Explain tab.
    ExplainSection* section = panel->explainSection();
    view->chooseItem(count - 1);
    QCOMPARE(section->heatMapView()->heatMap().size(), QSize(kSide, kSide));

    const QString folder = dir_.filePath(QStringLiteral("overlays"));
    QVERIFY(QDir().mkpath(folder));
    emit view->saveAllRequested(folder);
    QCOMPARE(QDir(folder).entryList({QStringLiteral("*.png")}, QDir::Files).size(), count);
  }

  // The gallery's Explain these lists its images in the Image set tab and explains them.
  void theGallerysImagesAreListedInTheImageSetTab() {
    MainWindow window;
    window.projects()->openExample();
    window.inference()->setModelPath(checkpoint_);
    QTRY_VERIFY_WITH_TIMEOUT(window.inference()->explainer()->explainer() != nullptr, kWait);
    EpochMetrics epoch;
    epoch.class_names = {"a", "b", "c", "d"};
    for (int i = 0; i < 3; ++i) {
      MisclassifiedSample wrong;
      wrong.channels = 1;
      wrong.height = wrong.width = kSide;
      wrong.pixels.assign(kSide * kSide, static_cast<std::uint8_t>(40 * i));
      wrong.true_class = i;
      wrong.predicted_class = i + 1;
      epoch.misclassified.push_back(wrong);
    }
    window.training()->gallery()->showEpoch(epoch);
    auto* button = window.training()->galleryPanel()->findChild<QPushButton*>(
        QStringLiteral("explainMisclassified"));
    QVERIFY(button && button->isEnabled());
    QSignalSpy finished(window.inference()->explainSet(), &ExplainSetController::runFinished);
    button->click();
    ExplainSetView* view = window.inference()->panel()->explainSet();
    auto* title = view->findChild<QLabel*>(QStringLiteral("explainSetTitle"));
    QVERIFY2(title->text().contains(QStringLiteral("3 images")), qPrintable(title->text()));
    QCOMPARE(view->itemCount(), 3);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kWait);
    QCOMPARE(view->overlayCount(), 3);
    QCOMPARE(window.inference()->explainSet()->samples()[2].true_class, std::int64_t{2});
  }

  void cancelStopsARunPartWay() {
    InferenceController controller;
    std::unique_ptr<InferencePanel> panel(controller.panel());
    controller.setModelPath(checkpoint_);
    QTRY_VERIFY_WITH_TIMEOUT(controller.explainer()->explainer() != nullptr, kWait);
    // Many images explained by occlusion: far more than run before Cancel is pressed.
    constexpr int kImages = 2000;
    EvaluatedSample sample;
    sample.image = {1, kSide, kSide, std::vector<std::uint8_t>(kSide * kSide, 90)};
    panel->explainSection()->setMethod(static_cast<int>(ExplainMethod::Occlusion));
    controller.explainSet()->listSamples(QStringLiteral("many"),
                                         std::vector<EvaluatedSample>(kImages, sample), {});
    ExplainSetView* view = panel->explainSet();
    QCOMPARE(view->itemCount(), kImages);
    QSignalSpy finished(controller.explainSet(), &ExplainSetController::runFinished);
    view->explainAll();
    QTRY_VERIFY_WITH_TIMEOUT(view->overlayCount() >= 1, kWait);
    auto* cancel = view->findChild<QPushButton*>(QStringLiteral("cancelExplainSet"));
    QVERIFY(cancel && cancel->isEnabled());
    cancel->click();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kWait);
    auto* message = view->findChild<QLabel*>(QStringLiteral("explainSetMessage"));
    QVERIFY2(message->text().contains(QStringLiteral("cancelled")), qPrintable(message->text()));
    QVERIFY(view->overlayCount() < kImages);
    QVERIFY(!view->running());
  }

 private:
  QTemporaryDir dir_;
  QString checkpoint_;
};

QTEST_MAIN(ExplainSetTest)
#include "explain_set_test.moc"
