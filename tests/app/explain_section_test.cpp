// The Inference panel's Explain tab as a user drives it: a trained lenet5 checkpoint and an
// image give a Grad-CAM heat map of the image's size at the last convolution; the block follows
// the canvas (a convolution explains, a Linear block shows the engine's refusal naming it);
// feature maps fill the grid; the overlay is saved by the engine's writer; Cancel stops a run.

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QPushButton>
#include <QSemaphore>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

#include "builder_canvas.h"
#include "builder_scene.h"
#include "convstudio/explain/explanation.h"
#include "convstudio/model/template_library.h"
#include "inference/explain_section.h"
#include "inference/feature_map_grid.h"
#include "inference/heat_map_view.h"
#include "inference/inference_panel.h"
#include "inference_controller.h"
#include "language.h"
#include "main_window.h"
#include "project_controller.h"
#include "training_test_data.h"

using namespace convstudio;

namespace {

constexpr int kSide = 28;
constexpr int kWait = 60000;

// lenet5 on the tiny data set at 28×28, trained a few steps: weights that are not all zero.
QString trainLenet5(const QString& folder) {
  const QString data = QDir(folder).filePath(QStringLiteral("data"));
  testing::writeTinyIdxDataset(data, 32, 16, 4, kSide);
  Project project = testing::tinyProject(data, 4, kSide);
  project.graph =
      *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, kSide, kSide), 4).graph;
  return testing::trainCheckpoint(project, QDir(folder).filePath(QStringLiteral("run")), 4);
}

QString writeImage(const QString& folder) {
  QImage image(kSide, kSide, QImage::Format_Grayscale8);
  image.fill(30);
  for (int y = 4; y < 12; ++y) {
    for (int x = 16; x < 24; ++x) image.setPixel(x, y, qRgb(230, 230, 230));
  }
  const QString png = QDir(folder).filePath(QStringLiteral("sample.png"));
  return image.save(png) ? png : QString();
}

}  // namespace

class ExplainSectionTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("ConvStudioTest"));
    QApplication::setApplicationName(QStringLiteral("ExplainSectionTest"));
    QVERIFY(dir_.isValid());
    checkpoint_ = trainLenet5(dir_.path());
    QVERIFY(!checkpoint_.isEmpty());
    image_ = writeImage(dir_.path());
    QVERIFY(!image_.isEmpty());
  }

  void heatMapFollowsTheChosenBlockAndLinearIsRefused() {
    InferenceController controller;
    std::unique_ptr<InferencePanel> panel(controller.panel());
    ExplainSection* section = panel->explainSection();
    auto* message = section->findChild<QLabel*>(QStringLiteral("explainMessage"));
    QVERIFY(message);
    controller.setModelPath(checkpoint_);
    panel->setImages({image_});
    // The default block feeds the flatten; the heat map covers the whole image.
    QTRY_VERIFY_WITH_TIMEOUT(!section->heatMapView()->heatMap().isNull(), kWait);
    QCOMPARE(section->block(), QStringLiteral("pool2"));
    QCOMPARE(section->heatMapView()->heatMap().size(), QSize(kSide, kSide));
    QVERIFY2(message->text().contains(QStringLiteral("pool2")), qPrintable(message->text()));

    // A convolution picked on the canvas.
    section->followBlock(QStringLiteral("conv1"));
    QTRY_VERIFY2_WITH_TIMEOUT(message->text().contains(QStringLiteral("conv1")),
                              qPrintable(message->text()), kWait);
    QCOMPARE(section->heatMapView()->heatMap().size(), QSize(kSide, kSide));

    // A Linear block: the engine's refusal, naming the block and what it needs.
    section->followBlock(QStringLiteral("fc1"));
    QTRY_VERIFY2_WITH_TIMEOUT(message->text().contains(QStringLiteral("fc1")),
                              qPrintable(message->text()), kWait);
    QVERIFY2(message->text().contains(QStringLiteral("C×H×W")), qPrintable(message->text()));
    QVERIFY(section->heatMapView()->heatMap().isNull());
  }

  // The example project is lenet5 too: the block picked on its canvas is the one explained, and
  // the Inference panel stays in front of Properties (they share the right column's tabs).
  void theBlockFollowsTheCanvasWhileTheInferencePanelIsOpen() {
    MainWindow window;
    window.projects()->openExample();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.inferenceDock()->show();
    window.inferenceDock()->raise();
    QTRY_VERIFY(window.inferenceDock()->isVisible());
    ExplainSection* section = window.inference()->panel()->explainSection();
    auto* message = section->findChild<QLabel*>(QStringLiteral("explainMessage"));
    window.inference()->setModelPath(checkpoint_);
    window.inference()->panel()->setImages({image_});
    QTRY_VERIFY_WITH_TIMEOUT(!section->heatMapView()->heatMap().isNull(), kWait);

    window.canvas()->scene()->selectBlocks({QStringLiteral("conv1")});
    QTRY_VERIFY2_WITH_TIMEOUT(message->text().contains(QStringLiteral("conv1")),
                              qPrintable(message->text()), kWait);
    QCOMPARE(section->heatMapView()->heatMap().size(), QSize(kSide, kSide));
    QVERIFY(window.inferenceDock()->isVisible());

    window.canvas()->scene()->selectBlocks({QStringLiteral("fc1")});
    QTRY_VERIFY2_WITH_TIMEOUT(message->text().contains(QStringLiteral("C×H×W")),
                              qPrintable(message->text()), kWait);
    QVERIFY2(message->text().contains(QStringLiteral("fc1")), qPrintable(message->text()));
  }

  void featureMapsFillTheGridAndTheOverlayIsSaved() {
    InferenceController controller;
    std::unique_ptr<InferencePanel> panel(controller.panel());
    ExplainSection* section = panel->explainSection();
    controller.setModelPath(checkpoint_);
    panel->setImages({image_});
    QTRY_VERIFY_WITH_TIMEOUT(!section->heatMapView()->heatMap().isNull(), kWait);

    const QString overlay = dir_.filePath(QStringLiteral("sample.overlay.png"));
    emit section->overlaySaveRequested(overlay, 0.7);
    QCOMPARE(QImage(overlay).size(), QSize(kSide, kSide));

    section->setMethod(static_cast<int>(ExplainMethod::FeatureMaps));
    section->followBlock(QStringLiteral("conv1"));
    // lenet5's conv1 has 6 channels: one tile each.
    QTRY_COMPARE_WITH_TIMEOUT(section->featureMapGrid()->tileCount(), 6, kWait);
    const int before = section->featureMapGrid()->tileSize();
    section->featureMapGrid()->setTileSize(before * 2);
    QCOMPARE(section->featureMapGrid()->tileSize(), before * 2);
  }

  void cancelStopsAnExplanation() {
    InferenceController controller;
    std::unique_ptr<InferencePanel> panel(controller.panel());
    ExplainSection* section = panel->explainSection();
    auto* message = section->findChild<QLabel*>(QStringLiteral("explainMessage"));
    auto* cancel = section->findChild<QPushButton*>(QStringLiteral("cancelExplain"));
    QVERIFY(message && cancel);
    controller.setModelPath(checkpoint_);
    panel->setImages({image_});
    QTRY_VERIFY_WITH_TIMEOUT(!section->heatMapView()->heatMap().isNull(), kWait);

    // The pool's one thread is held, so the occlusion waits until Cancel has been pressed.
    QThreadPool* pool = QThreadPool::globalInstance();
    const int threads = pool->maxThreadCount();
    pool->setMaxThreadCount(1);
    QSemaphore release;
    pool->start([&release] { release.acquire(); });
    section->setMethod(static_cast<int>(ExplainMethod::Occlusion));
    QVERIFY(!cancel->isHidden());
    cancel->click();
    QVERIFY(!cancel->isEnabled());
    release.release();
    QTRY_VERIFY2_WITH_TIMEOUT(message->text().contains(QStringLiteral("cancelled")),
                              qPrintable(message->text()), kWait);
    QVERIFY(section->heatMapView()->heatMap().isNull());
    QVERIFY(cancel->isHidden());
    pool->setMaxThreadCount(threads);
  }

  // Last: it installs a translator for the rest of the process. The engine's refusal comes with
  // its pattern, so the zh_CN studio says it in Chinese, still naming the block.
  void theRefusalReadsInChineseNamingTheBlock() {
    QVERIFY(installTranslations(*qApp, QLocale(QStringLiteral("zh_CN"))));
    InferenceController controller;
    std::unique_ptr<InferencePanel> panel(controller.panel());
    ExplainSection* section = panel->explainSection();
    auto* message = section->findChild<QLabel*>(QStringLiteral("explainMessage"));
    QVERIFY(message);
    controller.setModelPath(checkpoint_);
    panel->setImages({image_});
    QTRY_VERIFY_WITH_TIMEOUT(!section->heatMapView()->heatMap().isNull(), kWait);
    section->followBlock(QStringLiteral("fc1"));
    QTRY_VERIFY2_WITH_TIMEOUT(message->text().contains(QStringLiteral("fc1 (Linear)")),
                              qPrintable(message->text()), kWait);
    QVERIFY2(message->text().contains(QStringLiteral("不是 C×H×W")), qPrintable(message->text()));
    QVERIFY2(!message->text().contains(QStringLiteral("its output")), qPrintable(message->text()));
  }

 private:
  QTemporaryDir dir_;
  QString checkpoint_;
  QString image_;
};

QTEST_MAIN(ExplainSectionTest)
#include "explain_section_test.moc"
