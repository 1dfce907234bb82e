// The dataset panel: an image folder opened off the UI thread shows its classes and counts and
// a preview decoded from a dozen files; a scan shows progress with Cancel. A folder with a val/
// folder beside train/ is validated on it once chosen, and the panel says so (issue 32). Its
// images per class are drawn per split, with a warning when the classes are out of balance
// more than 10:1 (issue 34). A segmentation folder's preview draws the masks over the images in
// the class colours, and the statistics list each class's share of the pixels (issue 38).

#include <QtTest>

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTemporaryDir>

#include <qcustomplot.h>

#include "convstudio/model/dataset_format.h"
#include "dataset_preview_loader.h"
#include "training/dataset_settings_editor.h"
#include "training/dataset_statistics_view.h"
#include "training/sample_preview_grid.h"
#include "training/training_settings_panel.h"

using namespace convstudio;

class DatasetPanelTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void folderShowsClassCountsAndAPreview();
  void scanProgressOffersCancel();
  void unreadableFolderSaysWhy();
  void choosingAFolderWithValValidatesOnIt();
  void summarySaysWhereTheValidationImagesComeFrom();
  void imbalancedFolderShowsItsCountsAndTheWarning();
  void tenToOneIsNotWarned();
  void segmentationFolderShowsMasksAndPixelShares();

 private:
  QTemporaryDir cache_;
};

void DatasetPanelTest::initTestCase() {
  // File indexes go to this test's own cache folder.
  qputenv("XDG_CACHE_HOME", cache_.path().toLocal8Bit());
}

void DatasetPanelTest::folderShowsClassCountsAndAPreview() {
  QTemporaryDir root;
  const QStringList classes = {QStringLiteral("cats"), QStringLiteral("dogs")};
  for (int c = 0; c < 2; ++c) {
    QDir(root.path()).mkpath(classes[c]);
    for (int i = 0; i < 10 + 5 * c; ++i) {
      QImage image(24 + i, 20, QImage::Format_RGB32);
      image.fill(c == 0 ? Qt::red : Qt::blue);
      QVERIFY(image.save(root.filePath(classes[c] + QStringLiteral("/%1.png").arg(i))));
    }
  }
  DatasetSettings settings;
  settings.source = DatasetKind::ImageFolder;
  settings.path = root.path().toStdString();
  settings.validation = ValidationSplit::Fraction;
  settings.validation_fraction = 0.2;
  settings.input_channels = 3;
  settings.input_height = settings.input_width = 16;

  DatasetPreviewLoader loader;
  SamplePreviewGrid grid;
  connect(&loader, &DatasetPreviewLoader::previewReady, &grid, &SamplePreviewGrid::showSamples);
  connect(&loader, &DatasetPreviewLoader::datasetSummarized, &grid,
          &SamplePreviewGrid::showDatasetSummary);
  QSignalSpy summarized(&loader, &DatasetPreviewLoader::datasetSummarized);
  loader.request(settings, 1, SamplePreviewGrid::wantedCount());
  QTRY_VERIFY_WITH_TIMEOUT(grid.sampleCount() > 0, 20000);
  QCOMPARE(grid.sampleCount(), SamplePreviewGrid::wantedCount());
  QVERIFY(!summarized.isEmpty());
  const QList<QVariant> summary = summarized.last();
  QCOMPARE(summary.at(0).toStringList(), classes);
  const auto counts = summary.at(1).value<QList<qint64>>();
  QCOMPARE(counts.size(), 2);
  QCOMPARE(counts[0] + counts[1], summary.at(2).toLongLong());
  QCOMPARE(summary.at(2).toLongLong() + summary.at(3).toLongLong(), qint64(25));
  QCOMPARE(summary.at(4).toString(), QStringLiteral("3×16×16"));
  QVERIFY(grid.summaryText().contains(QStringLiteral("cats: ")));
  QVERIFY(grid.summaryText().contains(QStringLiteral("3×16×16")));
}

void DatasetPanelTest::scanProgressOffersCancel() {
  SamplePreviewGrid grid;
  grid.show();
  QVERIFY(!grid.scanning());
  grid.showScanProgress(12345);
  QVERIFY(grid.scanning());
  auto* bar = grid.findChild<QProgressBar*>(QStringLiteral("scanProgress"));
  QVERIFY(bar);
  QVERIFY(bar->format().contains(QLocale().toString(12345)));
  QSignalSpy cancel(&grid, &SamplePreviewGrid::scanCancelRequested);
  auto* button = grid.findChild<QPushButton*>(QStringLiteral("cancelScan"));
  QVERIFY(button && button->isVisible());
  button->click();
  QCOMPARE(cancel.count(), 1);
  grid.showProblem(QStringLiteral("Scan cancelled."));
  QVERIFY(!grid.scanning());
  QVERIFY(grid.summaryText().isEmpty());
}

void DatasetPanelTest::unreadableFolderSaysWhy() {
  QTemporaryDir root;
  DatasetSettings settings;
  settings.source = DatasetKind::ImageFolder;
  settings.path = root.path().toStdString();
  DatasetPreviewLoader loader;
  QSignalSpy failed(&loader, &DatasetPreviewLoader::previewFailed);
  loader.request(settings, 1, 4);
  QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 20000);
  QVERIFY(failed.first().at(0).toString().contains(QStringLiteral("no class folders")));
}

namespace {

// ROOT/train/<class>/ with `perClass` images each and ROOT/val/<class>/ with one.
void writeTrainAndVal(const QString& root, int perClass) {
  for (const QString& split : {QStringLiteral("train"), QStringLiteral("val")}) {
    for (const QString& name : {QStringLiteral("cats"), QStringLiteral("dogs")}) {
      QDir(root).mkpath(split + QLatin1Char('/') + name);
      for (int i = 0; i < (split == QLatin1String("train") ? perClass : 1); ++i) {
        QImage image(16, 16, QImage::Format_RGB32);
        image.fill(name == QLatin1String("cats") ? Qt::red : Qt::blue);
        QVERIFY(image.save(QStringLiteral("%1/%2/%3/%4.png").arg(root, split, name).arg(i)));
      }
    }
  }
}

// Chooses `path` in the editor's path field as a user types it.
void choosePath(DatasetSettingsEditor& editor, const QString& path) {
  auto* field = editor.findChild<QLineEdit*>(QStringLiteral("datasetPath"));
  QVERIFY(field);
  field->setText(path);
  emit field->editingFinished();
}

}  // namespace

void DatasetPanelTest::choosingAFolderWithValValidatesOnIt() {
  QTemporaryDir split;
  writeTrainAndVal(split.path(), 3);
  QTemporaryDir plain;
  QDir(plain.path()).mkpath(QStringLiteral("cats"));

  DatasetSettingsEditor editor;
  auto* kind = editor.findChild<QComboBox*>(QStringLiteral("datasetKind"));
  auto* validation = editor.findChild<QComboBox*>(QStringLiteral("validation"));
  QVERIFY(kind && validation);
  kind->setCurrentIndex(kind->findData(static_cast<int>(DatasetKind::ImageFolder)));
  QSignalSpy edited(&editor, &DatasetSettingsEditor::edited);

  choosePath(editor, split.path());
  DatasetSettings stored;
  editor.store(stored);
  QCOMPARE(stored.validation, ValidationSplit::TestSet);
  QCOMPARE(validation->currentText(), QStringLiteral("The folder val/"));
  QVERIFY(!edited.isEmpty());

  choosePath(editor, plain.path());
  editor.store(stored);
  QCOMPARE(stored.validation, ValidationSplit::Fraction);
  // A folder with no val/ has no test set: the item says what choosing it would do.
  QCOMPARE(validation->itemText(validation->findData(static_cast<int>(ValidationSplit::TestSet))),
           QStringLiteral("A share (no test set here)"));

  // A project's own choice stands: loading it follows nothing.
  DatasetSettings project;
  project.source = DatasetKind::ImageFolder;
  project.path = split.path().toStdString();
  project.validation = ValidationSplit::Fraction;
  editor.load(project);
  emit editor.findChild<QLineEdit*>(QStringLiteral("datasetPath"))->editingFinished();
  editor.store(stored);
  QCOMPARE(stored.validation, ValidationSplit::Fraction);
}

void DatasetPanelTest::summarySaysWhereTheValidationImagesComeFrom() {
  QTemporaryDir split;
  writeTrainAndVal(split.path(), 3);
  DatasetSettings settings;
  settings.source = DatasetKind::ImageFolder;
  settings.path = split.path().toStdString();
  settings.validation = ValidationSplit::TestSet;

  DatasetPreviewLoader loader;
  SamplePreviewGrid grid;
  connect(&loader, &DatasetPreviewLoader::datasetSummarized, &grid,
          &SamplePreviewGrid::showDatasetSummary);
  loader.request(settings, 1, 4);
  QTRY_VERIFY_WITH_TIMEOUT(!grid.summaryText().isEmpty(), 20000);
  QVERIFY2(grid.summaryText().contains(QStringLiteral("6 training and 2 validation images")),
           qPrintable(grid.summaryText()));
  const QString folder = QDir::toNativeSeparators(split.path() + QStringLiteral("/val"));
  QVERIFY2(grid.summaryText().contains(QStringLiteral("Validation: the images in %1.").arg(folder)),
           qPrintable(grid.summaryText()));

  settings.validation = ValidationSplit::Fraction;
  settings.validation_fraction = 0.5;
  loader.request(settings, 1, 4);
  QTRY_VERIFY_WITH_TIMEOUT(grid.summaryText().contains(QStringLiteral("held out")), 20000);
  QVERIFY2(grid.summaryText().contains(
               QStringLiteral("Validation: 50% of the training images, held out at random.")),
           qPrintable(grid.summaryText()));
}

namespace {

// ROOT/train/good/ with `good` images, ROOT/train/defect/ with `defect`, and two of each in
// ROOT/val/.
void writeGoodAndDefect(const QString& root, int good, int defect) {
  const std::pair<QString, int> counts[] = {{QStringLiteral("train/good"), good},
                                            {QStringLiteral("train/defect"), defect},
                                            {QStringLiteral("val/good"), 2},
                                            {QStringLiteral("val/defect"), 2}};
  for (const auto& [folder, count] : counts) {
    QDir(root).mkpath(folder);
    for (int i = 0; i < count; ++i) {
      QImage image(12, 10, QImage::Format_Grayscale8);
      image.fill(Qt::gray);
      QVERIFY(image.save(QStringLiteral("%1/%2/%3.png").arg(root, folder).arg(i)));
    }
  }
}

// The panel as the cockpit wires it: the loader's statistics go to the panel's view.
struct PanelWithLoader {
  TrainingSettingsPanel panel;
  DatasetPreviewLoader loader;
  PanelWithLoader() {
    QObject::connect(&loader, &DatasetPreviewLoader::statisticsReady, panel.datasetStatistics(),
                     &DatasetStatisticsView::showStatistics);
  }
  void open(const QString& folder) {
    DatasetSettings settings;
    settings.source = DatasetKind::ImageFolder;
    settings.path = folder.toStdString();
    settings.validation = ValidationSplit::TestSet;
    loader.request(settings, 1, 4);
  }
};

}  // namespace

void DatasetPanelTest::imbalancedFolderShowsItsCountsAndTheWarning() {
  QTemporaryDir root;
  writeGoodAndDefect(root.path(), 33, 3);
  PanelWithLoader window;
  window.panel.show();
  window.open(root.path());
  DatasetStatisticsView* view = window.panel.datasetStatistics();
  QTRY_VERIFY_WITH_TIMEOUT(!view->sizesText().isEmpty(), 20000);
  QVERIFY(view->warningShown());
  QVERIFY2(view->warningText().contains(QStringLiteral("\"good\" has 33 training images")),
           qPrintable(view->warningText()));
  QVERIFY2(view->warningText().contains(QStringLiteral("11.0 times the 3 of \"defect\"")),
           qPrintable(view->warningText()));
  QVERIFY(view->warningText().contains(QStringLiteral("balanced sampler")));
  QVERIFY2(view->sizesText().contains(QStringLiteral("Every image is 12×10.")),
           qPrintable(view->sizesText()));
  QVERIFY(view->sizesText().contains(QStringLiteral("Grey: 40, colour: 0.")));

  // Classes in name order: defect, good; a bar per split.
  auto* chart = view->findChild<QCustomPlot*>(QStringLiteral("classCountsChart"));
  QVERIFY(chart && chart->isVisible());
  QCOMPARE(chart->plottableCount(), 2);
  auto* train = qobject_cast<QCPBars*>(chart->plottable(0));
  auto* validation = qobject_cast<QCPBars*>(chart->plottable(1));
  QVERIFY(train && validation);
  QCOMPARE(train->data()->size(), 2);
  QCOMPARE(train->data()->at(0)->value, 3.0);
  QCOMPARE(train->data()->at(1)->value, 33.0);
  QCOMPARE(validation->data()->at(0)->value, 2.0);
  QCOMPARE(validation->data()->at(1)->value, 2.0);
}

void DatasetPanelTest::tenToOneIsNotWarned() {
  QTemporaryDir root;
  writeGoodAndDefect(root.path(), 30, 3);
  PanelWithLoader window;
  window.panel.show();
  window.open(root.path());
  DatasetStatisticsView* view = window.panel.datasetStatistics();
  QTRY_VERIFY_WITH_TIMEOUT(!view->sizesText().isEmpty(), 20000);
  QVERIFY2(!view->warningShown(), qPrintable(view->warningText()));
}

void DatasetPanelTest::segmentationFolderShowsMasksAndPixelShares() {
  // Six 8×8 grey images, each with a mask of its left half class 0 and its right half class 1.
  QTemporaryDir root;
  QDir(root.path()).mkpath(QStringLiteral("images"));
  QDir(root.path()).mkpath(QStringLiteral("masks"));
  for (int i = 0; i < 6; ++i) {
    QImage image(8, 8, QImage::Format_RGB32);
    image.fill(Qt::gray);
    QVERIFY(image.save(root.filePath(QStringLiteral("images/%1.png").arg(i))));
    QImage mask(8, 8, QImage::Format_Grayscale8);
    for (int y = 0; y < 8; ++y) {
      for (int x = 0; x < 8; ++x) mask.scanLine(y)[x] = x < 4 ? 0 : 1;
    }
    QVERIFY(mask.save(root.filePath(QStringLiteral("masks/%1.png").arg(i))));
  }
  QFile classes(root.filePath(QStringLiteral("classes.txt")));
  QVERIFY(classes.open(QIODevice::WriteOnly));
  classes.write("sea 0 0 255\nsand 255 255 0\n");
  classes.close();

  DatasetSettings settings;
  settings.source = find_dataset_format("segmentation-folder")->kind;
  settings.path = root.path().toStdString();
  settings.validation = ValidationSplit::Fraction;
  settings.validation_fraction = 0.34;
  DatasetPreviewLoader loader;
  SamplePreviewGrid grid;
  DatasetStatisticsView view;
  connect(&loader, &DatasetPreviewLoader::previewReady, &grid, &SamplePreviewGrid::showSamples);
  connect(&loader, &DatasetPreviewLoader::statisticsReady, &view,
          &DatasetStatisticsView::showStatistics);
  loader.request(settings, 1, 4);
  QTRY_VERIFY_WITH_TIMEOUT(grid.sampleCount() > 0, 20000);
  QVERIFY(grid.masksOffered());
  // Fully opaque, every drawn pixel is a class colour: the left half blue, the right yellow.
  grid.setMaskOpacity(100);
  int drawn = 0;
  for (QLabel* cell : grid.findChildren<QLabel*>()) {
    if (cell->pixmap().isNull()) continue;
    const QImage shown = cell->pixmap().toImage();
    QCOMPARE(shown.pixelColor(1, shown.height() / 2), QColor(0, 0, 255));
    QCOMPARE(shown.pixelColor(shown.width() - 2, shown.height() / 2), QColor(255, 255, 0));
    ++drawn;
  }
  QCOMPARE(drawn, grid.sampleCount());
  // Masks off: the grey image again.
  grid.setMasksShown(false);
  for (QLabel* cell : grid.findChildren<QLabel*>()) {
    if (cell->pixmap().isNull()) continue;
    QCOMPARE(cell->pixmap().toImage().pixelColor(1, 1), QColor(Qt::gray));
  }
  QTRY_VERIFY_WITH_TIMEOUT(!view.pixelSharesText().isEmpty(), 20000);
  QVERIFY2(view.pixelSharesText().contains(QStringLiteral("sea")),
           qPrintable(view.pixelSharesText()));
  QVERIFY2(view.pixelSharesText().contains(QStringLiteral("50.0 % · 50.0 %")),
           qPrintable(view.pixelSharesText()));
}

QTEST_MAIN(DatasetPanelTest)
#include "dataset_panel_test.moc"
