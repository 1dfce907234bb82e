// The Export dialog's "ONNX int8" entry as a user meets it: its calibration settings appear with
// it; the report after writing shows fp32 vs int8 accuracy, top-1 agreement, both sizes, the
// latency ratio and the blocks that stayed float, from the same Int8Report as the CLI's JSON; a
// cancelled export writes nothing.

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include "convstudio/export/int8_report.h"
#include "export_dialog.h"
#include "int8_export_form.h"
#include "language.h"
#include "training_test_data.h"

using namespace convstudio;

namespace {

Int8Report measuredReport() {
  Int8Report report;
  report.options.calibration_images = 512;
  report.options.method = CalibrationMethod::Entropy;
  report.result.file = "/tmp/model-int8.onnx";
  report.result.int8_bytes = 30'000;
  report.result.fp32_bytes = 120'000;
  report.result.calibration_images = 512;
  report.result.quantized_blocks = {"conv1", "output"};
  report.result.folded_blocks = {{"bn1", "conv1"}};
  report.result.float_blocks = {{"pool9", "no int8 form of AdaptiveAvgPool2d"}};
  report.measurement.measured = true;
  report.measurement.samples = 2000;
  report.measurement.fp32_accuracy = 0.9125;
  report.measurement.int8_accuracy = 0.9080;
  report.measurement.top1_agreement = 0.9915;
  report.measurement.latency_ratio = 1.62;
  report.measurement.latency_ratio_min = 1.50;
  report.measurement.latency_ratio_max = 1.71;
  report.measurement.latency_runs = 7;
  return report;
}

// CONVSTUDIO_SCREENSHOT_DIR set: the dialog's picture is saved there (docs/screenshots/issue-37),
// in CONVSTUDIO_SCREENSHOT_LANG's language.
void saveScreenshot(QWidget& widget, const QString& name) {
  const QString folder = qEnvironmentVariable("CONVSTUDIO_SCREENSHOT_DIR");
  if (folder.isEmpty()) return;
  widget.show();
  QVERIFY(QTest::qWaitForWindowExposed(&widget));
  QVERIFY(widget.grab().save(QDir(folder).filePath(name)));
}

}  // namespace

class Int8ExportDialogTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    const QString language = qEnvironmentVariable("CONVSTUDIO_SCREENSHOT_LANG");
    if (!language.isEmpty()) QVERIFY(installTranslations(*qApp, QLocale(language)));
  }

  void reportShowsTheFiguresOfTheCliJsonLine() {
    const Int8Report report = measuredReport();
    const QString text = Int8ExportForm::reportText(report);
    const nlohmann::json line = nlohmann::json::parse(int8_report_json(report));
    QCOMPARE(line["fp32_accuracy"].get<double>(), 0.9125);
    QCOMPARE(line["top1_agreement"].get<double>(), 0.9915);
    QCOMPARE(line["size_ratio"].get<double>(), 0.25);
    QCOMPARE(line["float_blocks"][0]["block"].get<std::string>(), std::string("pool9"));
    for (const char* expected :
         {"2000 validation images", "fp32 91.25 %, int8 90.80 % (0.45 points lost)",
          "Top-1 agreement with fp32: 99.15 %", "(25.00 % of fp32)", "Latency fp32 / int8: 1.62×",
          "from 1.50× to 1.71× over 7 paired runs", "512 training images, Entropy",
          "pool9: no int8 form of AdaptiveAvgPool2d", "Folded into conv1: bn1"}) {
      QVERIFY2(text.contains(QString::fromUtf8(expected)), qPrintable(text));
    }
  }

  void reportSaysWhyNothingWasMeasured() {
    Int8Report report = measuredReport();
    report.measurement = {};
    report.measurement.why_not = "this Python has no onnxruntime (pip install onnxruntime)";
    report.result.float_blocks.clear();
    const QString text = Int8ExportForm::reportText(report);
    QVERIFY2(text.contains(QStringLiteral("Not measured: this Python has no onnxruntime")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Stayed float: none")), qPrintable(text));
    QVERIFY(!text.contains(QStringLiteral("Top-1")));
  }

  void int8EntryShowsItsSettingsWritesTheFileAndItsReport() {
    QTemporaryDir dir;
    // A trained model of the user's (the screenshots use a lenet5 on Fashion-MNIST), else tiny.
    QString checkpoint = qEnvironmentVariable("CONVSTUDIO_INT8_CHECKPOINT");
    if (checkpoint.isEmpty()) checkpoint = testing::trainTinyCheckpoint(dir.path(), 20);
    QVERIFY(!checkpoint.isEmpty());

    ExportDialog dialog(checkpoint, dir.path(), QStringLiteral("model"));
    QSignalSpy checked(&dialog, &ExportDialog::checked);
    QSignalSpy exported(&dialog, &ExportDialog::exported);
    auto* form = dialog.findChild<QWidget*>(QStringLiteral("int8ExportForm"));
    auto* report = dialog.findChild<QPlainTextEdit*>(QStringLiteral("exportReport"));
    auto* status = dialog.findChild<QLabel*>(QStringLiteral("exportStatus"));
    QVERIFY(form && report && status);
    dialog.show();
    QVERIFY(form->isHidden());
    dialog.setInt8(true);
    QVERIFY(form->isVisible());
    QCOMPARE(dialog.format(), ExportFormat::Onnx);
    QTRY_VERIFY_WITH_TIMEOUT(dialog.checkPassed(), 30000);
    QVERIFY(dialog.outputPath().endsWith(QStringLiteral("model.onnx")));
    auto* calibration = form->findChild<QWidget*>(QStringLiteral("int8Calibration"));
    QVERIFY(calibration != nullptr);

    QVERIFY(dialog.startExport());
    QVERIFY2(exported.wait(240000), qPrintable(status->text()));
    QVERIFY(QFileInfo(dialog.outputPath()).size() > 0);
    const QString text = report->toPlainText();
    QString language = qEnvironmentVariable("CONVSTUDIO_SCREENSHOT_LANG");
    if (language.isEmpty()) language = QStringLiteral("en");
    saveScreenshot(dialog, QStringLiteral("37-int8-report-%1.png").arg(language));
    if (language != QStringLiteral("en")) return;  // a translated screenshot only
    // Measured with the written file in onnxruntime (the test runs with the venv's Python).
    for (const QString& expected :
         {QStringLiteral("Validation accuracy: fp32 "), QStringLiteral("Top-1 agreement"),
          QStringLiteral("File size: int8 "), QStringLiteral("Latency fp32 / int8: "),
          QStringLiteral("Stayed float: ")}) {
      QVERIFY2(text.contains(expected), qPrintable(text));
    }
  }

  void cancelledInt8ExportWritesNothing() {
    QTemporaryDir dir;
    const QString checkpoint = testing::trainTinyCheckpoint(dir.path(), 4);
    QVERIFY(!checkpoint.isEmpty());
    ExportDialog dialog(checkpoint, dir.path(), QStringLiteral("cancelled"));
    QSignalSpy cancelled(&dialog, &ExportDialog::exportCancelled);
    QSignalSpy exported(&dialog, &ExportDialog::exported);
    dialog.setInt8(true);
    QTRY_VERIFY_WITH_TIMEOUT(dialog.checkPassed(), 30000);
    auto* cancel = dialog.findChild<QPushButton*>(QStringLiteral("cancelExport"));
    QVERIFY(cancel != nullptr);
    QVERIFY(dialog.startExport());
    // Cancel is clicked before this thread returns to its event loop; the worker asks at every
    // calibration batch, the first of them after loading the checkpoint and the images.
    QVERIFY(cancel->isEnabled());
    cancel->click();
    QVERIFY(cancelled.wait(60000));
    QVERIFY(exported.isEmpty());
    QVERIFY(!QFileInfo::exists(dialog.outputPath()));
    QCOMPARE(QDir(dir.path()).entryList({QStringLiteral("cancelled*")}, QDir::Files).size(), 0);
  }
};

QTEST_MAIN(Int8ExportDialogTest)
#include "int8_export_dialog_test.moc"
