// Exporting from the studio as a user does it: a trained checkpoint is offered, every format is
// written with its companion files and the ONNX one predicts; a block a format cannot express
// is named before anything is written, and Export stays off.

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "convstudio/export/inference_model.h"
#include "export_dialog.h"
#include "training_test_data.h"

using namespace convstudio;

namespace {

// Input → AdaptiveAvgPool2d(3) → Flatten → Linear → ReLU → Output on 8×8 images: 3 does not
// divide 8, which ONNX (fixed pooling windows) cannot express and PyTorch can.
Project projectWithAdaptivePooling(const QString& data) {
  Project project = testing::tinyProject(data, 4, 8);
  Graph g;
  const std::string input = g.add_block("Input", 0, 0);
  g.set_param(input, "channels", std::int64_t{1});
  g.set_param(input, "height", std::int64_t{8});
  g.set_param(input, "width", std::int64_t{8});
  const std::string pool = g.add_block("AdaptiveAvgPool2d", 200, 0);
  g.set_param(pool, "output_size", std::int64_t{3});
  const std::string flatten = g.add_block("Flatten", 400, 0);
  const std::string hidden = g.add_block("Linear", 600, 0);
  const std::string relu = g.add_block("ReLU", 800, 0);
  const std::string output = g.add_block("Output", 1000, 0);
  g.set_param(output, "classes", std::int64_t{4});
  g.connect({input, pool, 0});
  g.connect({pool, flatten, 0});
  g.connect({flatten, hidden, 0});
  g.connect({hidden, relu, 0});
  g.connect({relu, output, 0});
  project.graph = g;
  return project;
}

// With CONVSTUDIO_SCREENSHOT_DIR set, the dialog's picture is saved there for review and docs.
void saveScreenshot(QWidget& widget, const QString& name) {
  const QString folder = qEnvironmentVariable("CONVSTUDIO_SCREENSHOT_DIR");
  if (folder.isEmpty()) return;
  widget.show();
  QVERIFY(QTest::qWaitForWindowExposed(&widget));
  QVERIFY(widget.grab().save(QDir(folder).filePath(name)));
}

bool waitForCheck(QSignalSpy& spy, bool expected) {
  if (!spy.wait(30000)) return false;
  return spy.takeLast().at(0).toBool() == expected;
}

}  // namespace

class ExportDialogTest : public QObject {
  Q_OBJECT

 private slots:
  void writesEveryFormatAndTheOnnxPredicts() {
    QTemporaryDir dir;
    const QString checkpoint = testing::trainTinyCheckpoint(dir.path(), 4);
    QVERIFY(!checkpoint.isEmpty());

    ExportDialog dialog(QString(), dir.path(), QStringLiteral("tiny"));
    QSignalSpy checked(&dialog, &ExportDialog::checked);
    QSignalSpy exported(&dialog, &ExportDialog::exported);
    auto* status = dialog.findChild<QLabel*>(QStringLiteral("exportStatus"));
    auto* report = dialog.findChild<QPlainTextEdit*>(QStringLiteral("exportReport"));
    auto* exportButton = dialog.findChild<QPushButton*>(QStringLiteral("exportButton"));
    QVERIFY(status && report && exportButton);
    // No model yet: the dialog says so, and Export is off.
    QVERIFY(!exportButton->isEnabled());
    QVERIFY(status->text().contains(QStringLiteral("No trained model")));

    dialog.setCheckpoint(checkpoint);
    QVERIFY(waitForCheck(checked, true));
    QVERIFY(exportButton->isEnabled());

    struct Expected {
      ExportFormat format;
      QStringList files;
    };
    const QList<Expected> cases = {
        {ExportFormat::TorchScript, {QStringLiteral("tiny.pt")}},
        {ExportFormat::Onnx, {QStringLiteral("tiny.onnx")}},
        {ExportFormat::Safetensors,
         {QStringLiteral("tiny.safetensors"), QStringLiteral("tiny.json")}},
        {ExportFormat::Python, {QStringLiteral("tiny.py"), QStringLiteral("tiny.safetensors")}},
    };
    for (const Expected& expected : cases) {
      const QString name = QString::fromLatin1(export_format_name(expected.format).data());
      QTemporaryDir out;
      // A format change starts a new check (the first format is the one already checked).
      dialog.setFormat(expected.format);
      QTRY_VERIFY_WITH_TIMEOUT(dialog.checkPassed(), 30000);
      QVERIFY2(dialog.outputPath().endsWith(expected.files.first()),
               qPrintable(dialog.outputPath()));
      // What each block becomes in this format is listed before writing.
      QVERIFY2(report->toPlainText().contains(QStringLiteral("(Linear) -> ")),
               qPrintable(report->toPlainText()));
      dialog.setOutputPath(out.filePath(expected.files.first()));
      QVERIFY2(dialog.startExport(), qPrintable(name));
      QVERIFY2(exported.wait(30000), qPrintable(name + QStringLiteral(": ") + status->text()));
      const QStringList written = exported.takeLast().at(0).toStringList();
      QCOMPARE(written.size(), expected.files.size());
      for (int i = 0; i < written.size(); ++i) {
        QCOMPARE(QFileInfo(written[i]).fileName(), expected.files[i]);
        QVERIFY2(QFileInfo(written[i]).size() > 0, qPrintable(written[i]));
      }
      QVERIFY2(status->text().startsWith(QStringLiteral("Wrote ")), qPrintable(status->text()));
      if (expected.format == ExportFormat::Onnx) {
        // The written file is a working model, not just bytes.
        const InferenceModelLoad load = InferenceModel::load(written.first().toStdString());
        QVERIFY2(load.model, load.error ? load.error->describe().c_str() : "");
        QCOMPARE(load.model->kind(), std::string("onnx"));
        QCOMPARE(load.model->contract().class_names.size(), std::size_t{4});
        saveScreenshot(dialog, QStringLiteral("export-dialog.png"));
      }
    }
  }

  void namesTheRefusedBlockAndWritesNothing() {
    QTemporaryDir dir;
    const QString data = dir.filePath(QStringLiteral("data"));
    testing::writeTinyIdxDataset(data, 64, 32, 4, 8);
    const QString checkpoint = testing::trainCheckpoint(projectWithAdaptivePooling(data),
                                                        dir.filePath(QStringLiteral("run")), 4);
    QVERIFY(!checkpoint.isEmpty());

    ExportDialog dialog(checkpoint, dir.path(), QStringLiteral("pooled"));
    QSignalSpy checked(&dialog, &ExportDialog::checked);
    dialog.setFormat(ExportFormat::Onnx);
    QTRY_VERIFY_WITH_TIMEOUT(!checked.isEmpty() && !checked.last().at(0).toBool(), 30000);
    auto* status = dialog.findChild<QLabel*>(QStringLiteral("exportStatus"));
    auto* exportButton = dialog.findChild<QPushButton*>(QStringLiteral("exportButton"));
    QVERIFY2(status->text().contains(
                 QStringLiteral("AdaptiveAvgPool2d: output size 3 does not divide 8")),
             qPrintable(status->text()));
    QVERIFY(!exportButton->isEnabled());
    QVERIFY(!dialog.startExport());
    QVERIFY(!QFileInfo::exists(dialog.outputPath()));
    saveScreenshot(dialog, QStringLiteral("export-dialog-refused.png"));

    // PyTorch has adaptive pooling, so TorchScript takes the same checkpoint.
    checked.clear();
    dialog.setFormat(ExportFormat::TorchScript);
    QVERIFY(waitForCheck(checked, true));
    QVERIFY(exportButton->isEnabled());
  }
};

QTEST_MAIN(ExportDialogTest)
#include "export_dialog_test.moc"
