// The inference panel as a user drives it: a trained checkpoint is loaded, images are given,
// and the top classes with probabilities appear; a corrupt image is reported, not fatal.

#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <QTreeWidget>

#include "convstudio/export/model_export.h"
#include "inference/inference_panel.h"
#include "inference_controller.h"
#include "training_test_data.h"

using namespace convstudio;

class InferencePanelTest : public QObject {
  Q_OBJECT

 private slots:
  void showsTopClassesOfATrainedCheckpoint() {
    QTemporaryDir dir;
    const QString checkpoint = testing::trainTinyCheckpoint(dir.path());
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

  // An .onnx whose contract promises another input size than its network takes: it opens, but
  // OpenCV DNN throws when it runs. The panel says so and the studio goes on.
  void predictionThatThrowsIsReportedAndTheStudioGoesOn() {
    QTemporaryDir dir;
    const QString checkpoint = testing::trainTinyCheckpoint(dir.path());
    QVERIFY(!checkpoint.isEmpty());
    const QString onnx = dir.filePath(QStringLiteral("model.onnx"));
    const ExportResult exported =
        export_checkpoint(checkpoint.toStdString(), ExportFormat::Onnx, onnx.toStdString());
    QVERIFY2(!exported.error, exported.error ? exported.error->describe().c_str() : "");
    QFile file(onnx);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray bytes = file.readAll();
    file.close();
    // Same length, so the protobuf stays well-formed: 1×8×8 becomes 1×9×9.
    QVERIFY(bytes.contains("[1,8,8]"));
    bytes.replace("[1,8,8]", "[1,9,9]");
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(bytes);
    file.close();

    QImage image(9, 9, QImage::Format_Grayscale8);
    image.fill(200);
    const QString png = dir.filePath(QStringLiteral("sample.png"));
    QVERIFY(image.save(png));

    InferenceController controller;
    std::unique_ptr<InferencePanel> panel(controller.panel());
    auto* message = panel->findChild<QLabel*>(QStringLiteral("inferenceMessage"));
    QVERIFY(message);
    controller.setModelPath(onnx);
    panel->setImages({png});
    QTRY_VERIFY_WITH_TIMEOUT(message->text().contains(QStringLiteral("Prediction failed")), 30000);
  }

  void folderPredictionShowsProgressAndCanBeCancelled() {
    QTemporaryDir dir;
    const QString checkpoint = testing::trainTinyCheckpoint(dir.path());
    QVERIFY(!checkpoint.isEmpty());
    // 100 images: two chunks, so progress is reported between them.
    const QString folder = dir.filePath(QStringLiteral("images"));
    QVERIFY(QDir().mkpath(folder));
    QImage image(8, 8, QImage::Format_Grayscale8);
    for (int i = 0; i < 100; ++i) {
      image.fill(i * 2);
      QVERIFY(image.save(
          QDir(folder).filePath(QStringLiteral("%1.png").arg(i, 3, 10, QLatin1Char('0')))));
    }

    InferenceController controller;
    std::unique_ptr<InferencePanel> panel(controller.panel());
    auto* message = panel->findChild<QLabel*>(QStringLiteral("inferenceMessage"));
    auto* model = panel->findChild<QLabel*>(QStringLiteral("inferenceModel"));
    auto* progress = panel->findChild<QProgressBar*>(QStringLiteral("folderProgress"));
    auto* cancel = panel->findChild<QPushButton*>(QStringLiteral("cancelFolderPrediction"));
    QVERIFY(message && model && progress && cancel);
    controller.setModelPath(checkpoint);
    QTRY_VERIFY_WITH_TIMEOUT(model->text().contains(QStringLiteral("(checkpoint)")), 30000);

    // Run to the end: the bar counts images, then gives way to the result.
    QSignalSpy counted(progress, &QProgressBar::valueChanged);
    const QString csv = dir.filePath(QStringLiteral("all.csv"));
    panel->predictFolder(folder, csv);
    QVERIFY(!progress->isHidden());
    QTRY_VERIFY_WITH_TIMEOUT(message->text().startsWith(QStringLiteral("Wrote ")), 30000);
    QVERIFY(progress->isHidden());
    QCOMPARE(progress->maximum(), 100);
    QVERIFY(!counted.isEmpty());
    QCOMPARE(counted.last().at(0).toInt(), 100);
    QFile written(csv);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll().count('\n'), 101);  // header and one row per image

    // Cancel: the pool is held busy so the request waits, and Cancel lands before it starts.
    QThreadPool* pool = QThreadPool::globalInstance();
    const int threads = pool->maxThreadCount();
    pool->setMaxThreadCount(1);
    QSemaphore release;
    pool->start([&release] { release.acquire(); });
    const QString cancelled = dir.filePath(QStringLiteral("cancelled.csv"));
    panel->predictFolder(folder, cancelled);
    QVERIFY(!cancel->isHidden());
    cancel->click();
    QVERIFY(!cancel->isEnabled());
    release.release();
    QTRY_VERIFY_WITH_TIMEOUT(message->text().contains(QStringLiteral("cancelled")), 30000);
    QVERIFY(!QFile::exists(cancelled));
    QVERIFY(cancel->isHidden());
    pool->setMaxThreadCount(threads);
  }
};

QTEST_MAIN(InferencePanelTest)
#include "inference_panel_test.moc"
