// Issue 32, item 6: what the studio says agrees with what it does. The Problems dock counts the
// rows it lists and lists the setting errors that keep Train disabled; a refused wire's message
// leaves the status bar with the next edit; the dataset summary names the split training really
// uses; the Inference drop-down shows the model in use; the batch-size finder does not call its
// own upper limit the largest batch that fits.

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QGraphicsScene>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPalette>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <cmath>
#include <fstream>

#include <nlohmann/json.hpp>

#include "app_settings.h"
#include "block_item.h"
#include "builder_canvas.h"
#include "builder_scene.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/template_library.h"
#include "convstudio/runs/run_recorder.h"
#include "convstudio/train/batch_size_finder.h"
#include "dataset_preview_loader.h"
#include "export_dialog.h"
#include "graph_document.h"
#include "inference/inference_panel.h"
#include "inference_controller.h"
#include "main_window.h"
#include "modal_answers.h"
#include "problems_widget.h"
#include "project_controller.h"
#include "training/batch_size_finder_dialog.h"
#include "training/dataset_settings_editor.h"
#include "training/lr_finder_dialog.h"
#include "training/lr_finder_plot.h"
#include "training/sample_preview_grid.h"

namespace convstudio {
namespace {

// The rows of the Problems dock that name a problem (not the "No problems" line).
QStringList problemRows(const MainWindow& window) {
  auto* problems = window.findChild<ProblemsWidget*>();
  QStringList rows;
  for (int i = 0; problems != nullptr && i < problems->topLevelItemCount(); ++i) {
    const QTreeWidgetItem* row = problems->topLevelItem(i);
    if (!row->text(0).isEmpty()) rows << row->text(0) + QStringLiteral(": ") + row->text(1);
  }
  return rows;
}

// A Conv2d block drawn on white at `scale` (1: normal zoom; 0.35: a network fitted to the view).
QImage drawnBlock(bool frozen, qreal scale) {
  QGraphicsScene scene;
  auto* item = new BlockItem(QStringLiteral("conv1"));
  BlockItem::Content content;
  content.type = QStringLiteral("Conv2d");
  content.category = QStringLiteral("Convolution");
  content.params = QStringLiteral("6 · k5");
  content.shape = QStringLiteral("6×24×24");
  content.cost = QStringLiteral("156 params");
  content.frozen = frozen;
  item->setContent(content);
  scene.addItem(item);
  const QRectF source(0, 0, BlockItem::kWidth, BlockItem::kHeight);
  QImage image((source.size() * scale).toSize(), QImage::Format_RGB32);
  image.fill(Qt::white);
  QPainter painter(&image);
  scene.render(&painter, QRectF(QPointF(0, 0), source.size() * scale), source);
  return image;
}

// The mean difference of grey levels (0-255) between two drawings of the same size.
double meanDifference(const QImage& a, const QImage& b) {
  double sum = 0;
  for (int y = 0; y < a.height(); ++y) {
    for (int x = 0; x < a.width(); ++x)
      sum += std::abs(qGray(a.pixel(x, y)) - qGray(b.pixel(x, y)));
  }
  return sum / (static_cast<double>(a.width()) * a.height());
}

// A saved lenet5 project with one finished run whose best checkpoint holds the project as it
// was trained (state.json's config.project, as the trainer writes it).
QString writeProjectWithARun(const QString& folder) {
  Project project;
  project.graph = *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
  const QString file = folder + QStringLiteral("/net.convstudio");
  if (ProjectFile::save(project, QFile::encodeName(file).toStdString())) return {};  // an error
  const std::filesystem::path run =
      runs_folder(QFile::encodeName(file).toStdString()) / "20260101-100000";
  std::filesystem::create_directories(run / "best.ckpt");
  std::ofstream(run / "run.json") << nlohmann::json{
      {"format", "convstudio-run"},
      {"state", "finished"}}.dump();
  const nlohmann::json state = {
      {"config", {{"project", nlohmann::json::parse(ProjectFile::serialize(project))}}},
      {"metrics", {{"best_accuracy", 0.8}}}};
  std::ofstream(run / "best.ckpt" / "state.json") << state.dump();
  return file;
}

QString problemsTitle(const MainWindow& window) {
  auto* dock = window.findChild<QDockWidget*>(QStringLiteral("problemsDock"));
  return dock ? dock->windowTitle() : QString();
}

}  // namespace

class ConfusingTextsTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void problemsCountTheirRowsAndListSettingErrors();
  void aRefusedWireLeavesTheStatusBarWithTheNextEdit();
  void aFolderWithoutTestSetSaysItHoldsOutAShareWithTheSeed();
  void theInferenceDropDownShowsAnOpenedModel();
  void theBatchFinderSaysItsUpperLimitWasNotExceeded();
  void theLrFinderShowsBothSuggestionsAndWhichOneApplies();
  void frozenBlocksStandOutAtNormalAndFitZoomInBothPalettes();
  void exportNamesAnEarlierVersionAndOpensIt();
};

void ConfusingTextsTest::initTestCase() {
  QStandardPaths::setTestModeEnabled(true);
  QApplication::setOrganizationName(QStringLiteral("ConvStudioTest"));
  QApplication::setApplicationName(QStringLiteral("ConfusingTextsTest"));
  settings::kMainWindowGeometry.clear();
  settings::kMainWindowState.clear();
}

void ConfusingTextsTest::problemsCountTheirRowsAndListSettingErrors() {
  MainWindow window;
  window.projects()->openExample();
  GraphDocument* document = window.document();
  QCOMPARE(problemsTitle(window), QStringLiteral("Problems"));
  QVERIFY(problemRows(window).isEmpty());

  // A learning rate of 0 disables Train: the Problems dock says why, as one problem.
  TrainingSettings training = document->project().training;
  training.optimizer.lr = 0;
  document->setSettings(document->project().dataset, training);
  QTRY_COMPARE(problemRows(window).size(), 1);
  QVERIFY2(problemRows(window).front().contains(QStringLiteral("learning rate")),
           qPrintable(problemRows(window).join(QLatin1Char('\n'))));
  QCOMPARE(problemsTitle(window), QStringLiteral("Problems (1)"));

  // With a refused wire and the model's own errors beside it, the title still counts the rows.
  document->disconnectBlocks(document->graph().inputs_of("conv2"));
  emit window.canvas()->scene()->connectionRefused(QStringLiteral("pool1"),
                                                   QStringLiteral("a made-up reason"));
  const int rows = static_cast<int>(problemRows(window).size());
  QVERIFY2(rows >= 3, qPrintable(problemRows(window).join(QLatin1Char('\n'))));
  QCOMPARE(problemsTitle(window), QStringLiteral("Problems (%1)").arg(rows));

  // Fixed, the setting's row goes and the count follows.
  training.optimizer.lr = 0.01;
  document->setSettings(document->project().dataset, training);
  QTRY_COMPARE(problemsTitle(window),
               QStringLiteral("Problems (%1)").arg(problemRows(window).size()));
  for (const QString& row : problemRows(window)) {
    QVERIFY2(!row.contains(QStringLiteral("learning rate")), qPrintable(row));
  }
}

void ConfusingTextsTest::aRefusedWireLeavesTheStatusBarWithTheNextEdit() {
  MainWindow window;
  window.projects()->openExample();
  GraphDocument* document = window.document();
  const QString reason = QStringLiteral("Conv2d: a made-up refusal");
  emit window.canvas()->scene()->connectionRefused(QStringLiteral("conv1"), reason);
  QCOMPARE(window.statusBar()->currentMessage(), reason);
  // The graph was valid all along and stays so after an edit: the refusal is over.
  document->setParam(QStringLiteral("conv1"), QStringLiteral("out_channels"), std::int64_t{8});
  QVERIFY(document->analysis().ok());
  QCOMPARE(window.statusBar()->currentMessage(), QString());

  // Another message in the status bar is not the refusal's to clear.
  emit window.canvas()->scene()->connectionRefused(QStringLiteral("conv1"), reason);
  window.statusBar()->showMessage(QStringLiteral("Saved."));
  document->setParam(QStringLiteral("conv1"), QStringLiteral("out_channels"), std::int64_t{6});
  QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("Saved."));
}

void ConfusingTextsTest::aFolderWithoutTestSetSaysItHoldsOutAShareWithTheSeed() {
  QTemporaryDir cache;
  qputenv("XDG_CACHE_HOME", cache.path().toLocal8Bit());
  QTemporaryDir root;
  for (const QString& name : {QStringLiteral("cats"), QStringLiteral("dogs")}) {
    QDir(root.path()).mkpath(name);
    for (int i = 0; i < 10; ++i) {
      QImage image(16, 16, QImage::Format_RGB32);
      image.fill(name == QLatin1String("cats") ? Qt::red : Qt::blue);
      QVERIFY(image.save(QStringLiteral("%1/%2/%3.png").arg(root.path(), name).arg(i)));
    }
  }
  // A project that asks for the test set of a folder that has none (no val/ beside the classes).
  DatasetSettings settings;
  settings.source = DatasetKind::ImageFolder;
  settings.path = root.path().toStdString();
  settings.validation = ValidationSplit::TestSet;

  DatasetPreviewLoader loader;
  SamplePreviewGrid grid;
  connect(&loader, &DatasetPreviewLoader::datasetSummarized, &grid,
          &SamplePreviewGrid::showDatasetSummary);
  loader.request(settings, 1, 4, 7);
  QTRY_VERIFY_WITH_TIMEOUT(!grid.summaryText().isEmpty(), 20000);
  const QString summary = grid.summaryText();
  QVERIFY2(summary.contains(QStringLiteral("10% of the training images, held out at random with "
                                           "the run's seed (7).")),
           qPrintable(summary));
  QVERIFY2(summary.contains(QStringLiteral("no test set")), qPrintable(summary));
  QVERIFY2(!summary.contains(QStringLiteral("the dataset's test set")), qPrintable(summary));

  // The drop-down says the same before anything is loaded.
  DatasetSettingsEditor editor;
  editor.load(settings);
  auto* validation = editor.findChild<QComboBox*>(QStringLiteral("validation"));
  QVERIFY(validation != nullptr);
  QCOMPARE(validation->currentText(), QStringLiteral("A share (no test set here)"));
}

void ConfusingTextsTest::theInferenceDropDownShowsAnOpenedModel() {
  InferenceController controller;
  std::unique_ptr<InferencePanel> panel(controller.panel());
  auto* choice = panel->findChild<QComboBox*>(QStringLiteral("inferenceModelChoice"));
  QVERIFY(choice != nullptr);
  const QString checkpoint = QStringLiteral("/runs/20261121-090000/best.ckpt");
  panel->setModelChoices({{checkpoint, QStringLiteral("20261121-090000 · best · 88.5%")}},
                         checkpoint);
  QCOMPARE(choice->currentData().toString(), checkpoint);

  // An ONNX export opened from elsewhere: the drop-down names it, not the checkpoint.
  const QString onnx = QDir::temp().filePath(QStringLiteral("missing-model.onnx"));
  controller.setModelPath(onnx);
  QCOMPARE(choice->currentData().toString(), onnx);
  QVERIFY2(choice->currentText().contains(QStringLiteral("missing-model.onnx")),
           qPrintable(choice->currentText()));
  // The project's checkpoint is still offered.
  QVERIFY(choice->findData(checkpoint) >= 0);
  // Choosing the checkpoint again shows it, and the opened entry goes.
  controller.setModelPath(checkpoint);
  QCOMPARE(choice->currentData().toString(), checkpoint);
  QCOMPARE(choice->findData(onnx), -1);
}

void ConfusingTextsTest::theBatchFinderSaysItsUpperLimitWasNotExceeded() {
  BatchSizeFinderDialog dialog;
  BatchSizeResult result;
  result.device = "cpu";
  result.capacity_bytes = 1ull << 33;
  result.limit_bytes = result.capacity_bytes / 10 * 9;
  result.largest_batch = 4096;
  result.fastest_batch = 512;
  result.fastest_samples_per_second = 9000;
  result.reached_limit = true;
  dialog.showResult(result);
  const QString text = dialog.statusText();
  QVERIFY2(text.contains(QStringLiteral("%1 fits (the finder's upper limit; larger was not tried)")
                             .arg(QLocale().toString(4096))),
           qPrintable(text));
  QVERIFY2(!text.contains(QStringLiteral("Largest batch that fits")), qPrintable(text));

  result.reached_limit = false;
  result.largest_batch = 96;
  dialog.showResult(result);
  QVERIFY2(dialog.statusText().contains(QStringLiteral("Largest batch that fits: 96")),
           qPrintable(dialog.statusText()));
}

void ConfusingTextsTest::theLrFinderShowsBothSuggestionsAndWhichOneApplies() {
  LrFinderResult result;
  for (int i = 0; i < 100; ++i) {
    const double lr = std::pow(10, -6 + 7.0 * i / 99);
    const double loss = 2.3 / (1 + std::exp((i - 50) / 6.0)) + 0.2;
    result.points.push_back({lr, loss, loss});
  }
  result.suggestions.steepest = LrSuggestion{result.points[50].lr, 50};
  result.suggestions.valley = LrSuggestion{result.points[62].lr, 62};
  result.suggested_lr = result.suggestions.steepest->lr;
  result.suggested_index = 50;
  LrFinderDialog dialog;
  dialog.begin(0.05, 100);
  for (std::size_t i = 0; i < result.points.size(); ++i) {
    dialog.showPoint(result.points[i], static_cast<std::int64_t>(i) + 1, 100);
  }
  dialog.showResult(result);
  const QString steepest = QString::number(result.points[50].lr, 'g', 3);
  const QString valley = QString::number(result.points[62].lr, 'g', 3);
  QVERIFY2(dialog.statusText().contains(QStringLiteral("Steepest fall: %1").arg(steepest)),
           qPrintable(dialog.statusText()));
  QVERIFY2(dialog.statusText().contains(QStringLiteral("Valley: %1").arg(valley)),
           qPrintable(dialog.statusText()));
  QCOMPARE(dialog.plot()->markedLr(), result.points[50].lr);
  QCOMPARE(dialog.plot()->markedValleyLr(), result.points[62].lr);
  auto* valleyLabel = dialog.plot()->findChild<QCPItemText*>(QStringLiteral("valleyLabel"));
  QVERIFY(valleyLabel != nullptr);
  QVERIFY(valleyLabel->visible());
  // The button says which one it writes.
  QVERIFY2(dialog.applyButton()->text().contains(steepest),
           qPrintable(dialog.applyButton()->text()));
  QVERIFY2(dialog.applyButton()->text().contains(QStringLiteral("Steepest")),
           qPrintable(dialog.applyButton()->text()));
}

void ConfusingTextsTest::frozenBlocksStandOutAtNormalAndFitZoomInBothPalettes() {
  const QPalette original = QApplication::palette();
  QPalette dark(QColor(0x35, 0x35, 0x35), QColor(0x20, 0x20, 0x20));
  dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
  for (const QPalette& palette : {original, dark}) {
    QApplication::setPalette(palette);
    for (const qreal scale : {1.0, 0.35}) {
      const double difference = meanDifference(drawnBlock(true, scale), drawnBlock(false, scale));
      // A faint hatch or a word in the header alone changes a few grey levels on average.
      QVERIFY2(difference > 12,
               qPrintable(QStringLiteral("scale %1: %2 grey levels").arg(scale).arg(difference)));
    }
  }
  QApplication::setPalette(original);
}

void ConfusingTextsTest::exportNamesAnEarlierVersionAndOpensIt() {
  QTemporaryDir folder;
  const QString file = writeProjectWithARun(folder.path());
  QVERIFY(!file.isEmpty());
  MainWindow window;
  QVERIFY(window.projects()->openFile(file).empty());
  window.document()->setParam(QStringLiteral("conv1"), QStringLiteral("out_channels"),
                              std::int64_t{8});

  ExportDialog* dialog = window.exportModel();
  auto* status = dialog->findChild<QLabel*>(QStringLiteral("exportStatus"));
  auto* openVersion = dialog->findChild<QPushButton*>(QStringLiteral("openTrainedVersion"));
  QVERIFY(status && openVersion);
  QVERIFY2(status->text().contains(QStringLiteral(
               "run 20260101-100000 was trained on an earlier version of this network (conv1 "
               "had out_channels 6; it is 8 now)")),
           qPrintable(status->text()));
  QVERIFY(!status->text().contains(QStringLiteral("No trained model yet")));
  QVERIFY(!status->text().contains(QStringLiteral("does not belong")));
  QVERIFY(openVersion->isVisibleTo(dialog));

  // Opening it asks first (the edit is unsaved), through the one path that replaces a project.
  testing::ModalAnswers answered({testing::ModalAnswers::click(QMessageBox::Discard)});
  openVersion->click();
  QVERIFY2(answered.allAnswered(), qPrintable(answered.seen.join(QLatin1Char('\n'))));
  const Block* conv1 = window.document()->graph().find_block("conv1");
  QVERIFY(conv1 != nullptr);
  QCOMPARE(conv1->int_param("out_channels"), std::int64_t{6});
  QVERIFY2(window.projects()->displayName().contains(QStringLiteral("20260101-100000")),
           qPrintable(window.projects()->displayName()));
  // The run's model fits what is open now, and the runs are still the saved project's.
  QCOMPARE(window.projects()->runsOwnerFile(), file);
  QCOMPARE(window.projects()->unsavedRunCount(), 0);
  ExportDialog* again = window.exportModel();
  auto* nowStatus = again->findChild<QLabel*>(QStringLiteral("exportStatus"));
  QVERIFY(!nowStatus->text().contains(QStringLiteral("earlier version")));
  QVERIFY(!nowStatus->text().contains(QStringLiteral("No trained model")));
}

}  // namespace convstudio

QTEST_MAIN(convstudio::ConfusingTextsTest)
#include "confusing_texts_test.moc"
