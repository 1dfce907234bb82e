// The dataset panel: an image folder opened off the UI thread shows its classes and counts and
// a preview decoded from a dozen files; a scan shows progress with Cancel. A folder with a val/
// folder beside train/ is validated on it once chosen, and the panel says so (issue 32).

#include <QtTest>

#include <QComboBox>
#include <QDir>
#include <QImage>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTemporaryDir>

#include "dataset_preview_loader.h"
#include "training/dataset_settings_editor.h"
#include "training/sample_preview_grid.h"

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

QTEST_MAIN(DatasetPanelTest)
#include "dataset_panel_test.moc"
