// Issue 38: the inference panel with a segmentation model (unet-small, a trained-looking
// checkpoint written by write_test_checkpoint): the Mask tab shows the predicted mask over the
// image at the slider's opacity, and its legend names every class with its colour and pixels;
// the classifier's top-k, temperature and folder CSV are off.
// CONVSTUDIO_SCREENSHOT_DIR set: the panel's picture is saved there (docs/screenshots/issue-38)
// in CONVSTUDIO_SCREENSHOT_LANG's language, of CONVSTUDIO_SEGMENTATION_CHECKPOINT on
// CONVSTUDIO_SEGMENTATION_IMAGE when given (a trained model), else of the test's own.

#include <QDir>
#include <QImage>
#include <QLabel>
#include <QLocale>
#include <QProcess>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include "convstudio/data/class_colours.h"
#include "inference/heat_map_view.h"
#include "inference/inference_panel.h"
#include "inference/segmentation_view.h"
#include "inference_controller.h"
#include "language.h"

using namespace convstudio;

namespace {

void saveScreenshot(QWidget& panel) {
  const QString folder = qEnvironmentVariable("CONVSTUDIO_SCREENSHOT_DIR");
  if (folder.isEmpty()) return;
  QString language = qEnvironmentVariable("CONVSTUDIO_SCREENSHOT_LANG");
  if (language.isEmpty()) language = QStringLiteral("en");
  panel.resize(460, 720);
  panel.show();
  QVERIFY(QTest::qWaitForWindowExposed(&panel));
  QVERIFY(panel.grab().save(
      QDir(folder).filePath(QStringLiteral("38-mask-overlay-%1.png").arg(language))));
}

}  // namespace

class SegmentationInferencePanelTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    const QString language = qEnvironmentVariable("CONVSTUDIO_SCREENSHOT_LANG");
    if (!language.isEmpty()) QVERIFY(installTranslations(*qApp, QLocale(language)));
  }

  // A trained model's mask for the README (run by hand with the variables set).
  void screenshotOfATrainedModel() {
    const QString checkpoint = qEnvironmentVariable("CONVSTUDIO_SEGMENTATION_CHECKPOINT");
    const QString image = qEnvironmentVariable("CONVSTUDIO_SEGMENTATION_IMAGE");
    if (checkpoint.isEmpty() || image.isEmpty()) QSKIP("no trained segmentation model given");
    InferenceController controller;
    std::unique_ptr<InferencePanel> panel(controller.panel());
    auto* legend = panel->findChild<QTreeWidget*>(QStringLiteral("maskLegend"));
    controller.setModelPath(checkpoint);
    panel->setImages({image});
    QTRY_VERIFY_WITH_TIMEOUT(legend->topLevelItemCount() > 0, 60000);
    saveScreenshot(*panel);
  }

  void showsTheMaskOverTheImageWithALegendOfClassColoursAndPixels() {
    QTemporaryDir dir;
    const QString checkpoint = dir.filePath(QStringLiteral("unet.ckpt"));
    QProcess writer;
    writer.start(
        QStringLiteral(CONVSTUDIO_WRITE_TEST_CHECKPOINT),
        {QStringLiteral("unet-small"), QStringLiteral("3x32x32"), QStringLiteral("3"), checkpoint});
    QVERIFY(writer.waitForFinished(120000));
    QCOMPARE(writer.exitCode(), 0);
    QImage image(40, 30, QImage::Format_RGB888);
    QRandomGenerator random(5);
    for (int y = 0; y < image.height(); ++y) {
      for (int x = 0; x < image.width(); ++x) image.setPixel(x, y, random.generate() | 0xff000000);
    }
    const QString png = dir.filePath(QStringLiteral("sample.png"));
    QVERIFY(image.save(png));

    InferenceController controller;
    std::unique_ptr<InferencePanel> panel(controller.panel());
    auto* model = panel->findChild<QLabel*>(QStringLiteral("inferenceModel"));
    auto* tabs = panel->findChild<QTabWidget*>(QStringLiteral("inferenceTabs"));
    auto* maskView = panel->findChild<SegmentationView*>(QStringLiteral("maskView"));
    auto* legend = panel->findChild<QTreeWidget*>(QStringLiteral("maskLegend"));
    auto* opacity = panel->findChild<QSlider*>(QStringLiteral("maskOpacity"));
    QVERIFY(model && tabs && maskView && legend && opacity);
    QVERIFY(!tabs->isTabVisible(tabs->indexOf(maskView)));  // a classifier's panel until loaded

    controller.setModelPath(checkpoint);
    // Loaded (the model line is translated when screenshots are taken in another language).
    QTRY_VERIFY_WITH_TIMEOUT(panel->segmentation(), 30000);
    QVERIFY(tabs->isTabVisible(tabs->indexOf(maskView)));
    QVERIFY(!panel->findChild<QSpinBox*>()->isEnabled());  // top-k means nothing per pixel
    panel->setImages({png});
    QTRY_COMPARE_WITH_TIMEOUT(legend->topLevelItemCount(), 3, 30000);
    QCOMPARE(tabs->currentWidget(), maskView);

    // The legend: every class, its colour (Pascal VOC's without named colours) and pixels.
    qint64 pixels = 0;
    for (int index = 0; index < 3; ++index) {
      QTreeWidgetItem* row = legend->topLevelItem(index);
      QCOMPARE(row->text(0), QStringLiteral("class %1").arg(index));
      const ClassColour expected = default_class_colour(index);
      const QColor swatch = row->icon(0).pixmap(12, 12).toImage().pixelColor(6, 6);
      QCOMPARE(swatch, QColor(expected[0], expected[1], expected[2]));
      pixels += row->text(1).toLongLong();
    }
    QCOMPARE(pixels, 32 * 32);

    // The overlay: the image at the model's size under the mask in those colours.
    const QImage mask = maskView->overlay()->heatMap();
    QCOMPARE(mask.size(), QSize(32, 32));
    qint64 drawn[3] = {0, 0, 0};
    for (int y = 0; y < 32; ++y) {
      for (int x = 0; x < 32; ++x) {
        for (int index = 0; index < 3; ++index) {
          const ClassColour c = default_class_colour(index);
          if (mask.pixelColor(x, y) == QColor(c[0], c[1], c[2])) ++drawn[index];
        }
      }
    }
    for (int index = 0; index < 3; ++index) {
      QCOMPARE(drawn[index], legend->topLevelItem(index)->text(1).toLongLong());
    }
    opacity->setValue(80);
    QCOMPARE(maskView->overlay()->opacity(), 0.8);
    opacity->setValue(50);
    if (qEnvironmentVariableIsEmpty("CONVSTUDIO_SEGMENTATION_CHECKPOINT")) saveScreenshot(*panel);
  }
};

QTEST_MAIN(SegmentationInferencePanelTest)
#include "segmentation_inference_panel_test.moc"
