// The inference panel as a user drives it: a trained checkpoint is loaded, images are given,
// and the top classes with probabilities appear; a corrupt image is reported, not fatal.

#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include "inference_controller.h"
#include "inference/inference_panel.h"
#include "training_test_data.h"

using namespace convstudio;

class InferencePanelTest : public QObject {
  Q_OBJECT

 private slots:
  void showsTopClassesOfATrainedCheckpoint() {
    QTemporaryDir dir;
    const QString data = dir.filePath(QStringLiteral("data"));
    testing::writeTinyIdxDataset(data, 64, 32, 4, 8);
    const QString checkpoint =
        testing::trainCheckpoint(testing::tinyProject(data, 4, 8), dir.filePath(QStringLiteral("run")));
    QVERIFY(!checkpoint.isEmpty());

    QImage image(8, 8, QImage::Format_Grayscale8);
    image.fill(200);
    const QString png = dir.filePath(QStringLiteral("sample.png"));
    QVERIFY(image.save(png));
    const QString broken = dir.filePath(QStringLiteral("broken.png"));
    QFile file(broken);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not an image");
    file.close();

    InferenceController controller;
    std::unique_ptr<InferencePanel> panel(controller.panel());
    auto* results = panel->findChild<QTreeWidget*>();
    QVERIFY(results);
    controller.setModelPath(checkpoint);
    panel->setImages({png, broken});
    // Loading and predicting run on the thread pool; the rows arrive on this thread.
    QTRY_COMPARE_WITH_TIMEOUT(results->topLevelItemCount(), 2, 30000);
    QTreeWidgetItem* good = results->topLevelItem(0);
    QTRY_VERIFY_WITH_TIMEOUT(good->childCount() > 0, 30000);
    double total = 0;
    for (int i = 0; i < good->childCount(); ++i) {
      total += good->child(i)->text(1).chopped(2).toDouble();
    }
    QVERIFY2(total > 0 && total <= 100.01, qPrintable(QString::number(total)));
    QTreeWidgetItem* bad = results->topLevelItem(1);
    QCOMPARE(bad->childCount(), 0);
    QVERIFY(!bad->text(1).isEmpty());  // the reason the image could not be read
  }
};

QTEST_MAIN(InferencePanelTest)
#include "inference_panel_test.moc"
