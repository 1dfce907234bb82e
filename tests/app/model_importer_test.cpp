// File > Import Model: an ONNX file made by PyTorch becomes an open project whose canvas shows
// every block, with shapes and no problems; a file that is not a model reports and opens nothing.

#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "builder_canvas.h"
#include "builder_scene.h"
#include "graph_document.h"
#include "main_window.h"
#include "model_importer.h"
#include "project_controller.h"

using convstudio::MainWindow;

class ModelImporterTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("ConvStudioTest"));
    QApplication::setApplicationName(QStringLiteral("ModelImporterTest"));
  }

  void importedModelIsOnTheCanvasWithNoProblems() {
    QTemporaryDir dir;
    MainWindow window;
    QSignalSpy finished(window.importer(), &convstudio::ModelImporter::finished);
    const QString project = dir.filePath(QStringLiteral("small_resnet.convstudio"));
    window.importer()->importFile(QStringLiteral(CONVSTUDIO_SMALL_RESNET_ONNX), project);
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QCOMPARE(window.projects()->filePath(), project);
    const convstudio::Graph& graph = window.document()->graph();
    QVERIFY(graph.blocks().size() >= 10);
    QVERIFY(window.document()->analysis().ok());
    QCOMPARE(window.document()->analysis().output_shape().channels(), 10);
    for (const convstudio::Block& block : graph.blocks()) {
      QVERIFY2(window.canvas()->scene()->blockItem(QString::fromStdString(block.id)),
               block.id.c_str());
    }
    QVERIFY(!window.document()->project().weights.empty());
    QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("small_resnet.weights.safetensors"))));
  }

  void notAModelReportsAndOpensNothing() {
    QTemporaryDir dir;
    const QString bogus = dir.filePath(QStringLiteral("bogus.onnx"));
    QFile file(bogus);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("this is not a protobuf");
    file.close();
    MainWindow window;
    QSignalSpy finished(window.importer(), &convstudio::ModelImporter::finished);
    const QString project = dir.filePath(QStringLiteral("bogus.convstudio"));
    window.importer()->importFile(bogus, project);
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QVERIFY(finished.at(0).at(1).toString().contains(QStringLiteral("not an ONNX model")));
    QVERIFY(!QFileInfo::exists(project));
    QVERIFY(!window.projects()->isOpen());
  }
};

QTEST_MAIN(ModelImporterTest)
#include "model_importer_test.moc"
