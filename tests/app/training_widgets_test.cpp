// The training cockpit's other widgets on their own, without a run: settings checks and editors,
// the out-of-memory advice, the confusion matrix, the gallery and the run comparison.

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QtTest>

#include "convstudio/model/dataset_format.h"
#include "convstudio/model/optimizer_spec.h"

#include "convstudio/model/setting_table.h"
#include "convstudio/runs/run_origin.h"
#include "training/confusion_matrix_view.h"
#include "training/confusion_panel.h"
#include "training/misclassified_gallery.h"
#include "training/out_of_memory_dialog.h"
#include "training/run_comparison_model.h"
#include "training/settings_check.h"
#include "training/training_settings_panel.h"

using namespace convstudio;

class TrainingWidgetsTest : public QObject {
  Q_OBJECT

 private slots:
  void invalidCombinationsAreExplained();
  void outOfMemoryAdviceKeepsTheEffectiveBatch();
  void confusionMatrixShowsCountsWithClassNames();
  void classFiguresBesideTheMatrixFollowScikitLearn();
  void lossSettingsRoundTripThroughTheirEditors();
  void segmentationLossAndMeanIoURoundTripThroughTheirEditors();
  void galleryShowsTrueAndPredictedClasses();
  void aWarningSitsUnderTheSettingItConcerns();
  void everyEditorTheSettingTableNamesIsInThePanel();
  void randomErasingIsEditedAsTheProbabilityTheProjectHolds();
  void theDatasetChoiceOffersEveryRegisteredFormat();
  void theOptimizerChoiceOffersEveryRegisteredOptimizer();
  void theComparisonSaysMibStoppedAndTheSettingsLabels();
  void theComparisonShowsWhereRunsCameFromWhereItDiffers();
};

void TrainingWidgetsTest::invalidCombinationsAreExplained() {
  DeviceReport cpuOnly;
  cpuOnly.cuda_unavailable = CudaUnavailable::kNoDriver;
  DatasetSettings dataset;
  TrainingSettings training;
  training.device = "cpu";
  QVERIFY(!SettingsCheck::hasErrors(SettingsCheck::run(dataset, training, cpuOnly)));

  training.device = "cuda:0";
  auto problems = SettingsCheck::run(dataset, training, cpuOnly);
  QVERIFY(SettingsCheck::hasErrors(problems));
  QCOMPARE(problems.front().field, QStringLiteral("device"));
  QVERIFY(problems.front().message.contains(QStringLiteral("driver")));

  // The optimizer leaves Nesterov out for Adam, so the engine's rule (the CLI's too) warns.
  training.device = "cpu";
  training.optimizer.kind = OptimizerKind::Adam;
  training.optimizer.nesterov = true;
  problems = SettingsCheck::run(dataset, training, cpuOnly);
  QVERIFY(!SettingsCheck::hasErrors(problems));
  QCOMPARE(problems.front().field, QStringLiteral("nesterov"));
  QCOMPARE(problems.front().severity, SettingsProblem::Severity::Warning);

  // A rule between two settings lands on the editor the setting table names.
  training = TrainingSettings{};
  training.device = "cpu";
  training.max_steps = 10;
  training.schedule.warmup_steps = 10;
  problems = SettingsCheck::run(dataset, training, cpuOnly);
  QCOMPARE(problems.front().field, QStringLiteral("warmupSteps"));
  QVERIFY(problems.front().message.contains(QStringLiteral("5")));

  training = TrainingSettings{};
  training.device = "cpu";
  dataset.source = DatasetKind::Idx;
  dataset.path.clear();
  problems = SettingsCheck::run(dataset, training, cpuOnly);
  QVERIFY(SettingsCheck::hasErrors(problems));
  QCOMPARE(problems.front().field, QStringLiteral("datasetPath"));
}

void TrainingWidgetsTest::outOfMemoryAdviceKeepsTheEffectiveBatch() {
  TrainingSettings settings;
  settings.batch_size = 256;
  settings.accumulate = 1;
  const QStringList advice = OutOfMemoryDialog::advice(settings);
  QVERIFY(advice.front().contains(QStringLiteral("128")));
  QVERIFY(advice.front().contains(QStringLiteral("256")));
  OutOfMemoryDialog dialog(QStringLiteral("CUDA out of memory"), settings);
  QCOMPARE(dialog.suggestedSettings().batch_size, 128);
  QCOMPARE(dialog.suggestedSettings().accumulate, 2);
}

void TrainingWidgetsTest::confusionMatrixShowsCountsWithClassNames() {
  ConfusionMatrixView view;
  EpochMetrics epoch;
  epoch.confusion = {{5, 1}, {2, 7}};
  epoch.class_names = {"cat", "dog"};
  epoch.val_accuracy = 12.0 / 15;
  view.showEpoch(epoch);
  QCOMPARE(view.classCount(), 2);
  QCOMPARE(view.cell(1, 0), 2);
  auto* ticker = dynamic_cast<QCPAxisTickerText*>(view.xAxis->ticker().data());
  QVERIFY(ticker);
  QCOMPARE(ticker->ticks().value(1), QStringLiteral("dog"));
}

// classification_report's docstring example: y_true [0 1 2 2 2], y_pred [0 0 2 2 1].
void TrainingWidgetsTest::classFiguresBesideTheMatrixFollowScikitLearn() {
  ConfusionPanel panel;
  EpochMetrics epoch;
  epoch.confusion = {{1, 0, 0}, {1, 0, 0}, {0, 1, 2}};
  epoch.class_names = {"class 0", "class 1", "class 2"};
  panel.showEpoch(epoch);
  QCOMPARE(panel.classCount(), 3);
  ClassFiguresTable* table = panel.classTable();
  QCOMPARE(table->rowCount(), 3);
  QCOMPARE(table->item(0, ClassFiguresTable::kPrecision)->text(), QStringLiteral("50.0%"));
  QCOMPARE(table->item(2, ClassFiguresTable::kRecall)->text(), QStringLiteral("66.7%"));
  QCOMPARE(table->item(2, ClassFiguresTable::kF1)->text(), QStringLiteral("0.800"));
  QCOMPARE(table->item(2, ClassFiguresTable::kSupport)->text(), QStringLiteral("3"));
  QVERIFY(table->averagesText().contains(QStringLiteral("0.489")));  // macro-F1
  // Sorted by F1, highest first: the class that is never found goes last.
  table->sortItems(ClassFiguresTable::kF1, Qt::DescendingOrder);
  QCOMPARE(table->item(2, ClassFiguresTable::kClass)->text(), QStringLiteral("class 1"));
  panel.clear();
  QCOMPARE(table->rowCount(), 0);
}

void TrainingWidgetsTest::lossSettingsRoundTripThroughTheirEditors() {
  TrainingSettingsPanel panel;
  TrainingSettings training;
  training.loss.class_weights = "1, 5, 2.5";
  training.loss.label_smoothing = 0.1;
  training.loss.best_metric = BestMetric::MacroF1;
  training.loss.sampler = SamplerKind::ClassBalanced;
  training.loss.mixup_alpha = 0.2;
  training.loss.cutmix_alpha = 1.0;
  training.loss.cutmix_probability = 0.5;
  panel.setSettings({}, training);
  auto* weights = panel.findChild<QComboBox*>(QStringLiteral("classWeights"));
  QVERIFY(weights);
  QCOMPARE(weights->currentText(), QStringLiteral("1, 5, 2.5"));
  weights->setCurrentText(QStringLiteral("balanced"));
  QCOMPARE(panel.trainingSettings().loss.class_weights, std::string("balanced"));
  QCOMPARE(panel.trainingSettings().loss.label_smoothing, 0.1);
  QCOMPARE(panel.trainingSettings().loss.best_metric, BestMetric::MacroF1);
  QCOMPARE(panel.trainingSettings().loss.sampler, SamplerKind::ClassBalanced);
  QCOMPARE(panel.trainingSettings().loss.mixup_alpha, 0.2);
  QCOMPARE(panel.trainingSettings().loss.mixup_probability, 1.0);
  QCOMPARE(panel.trainingSettings().loss.cutmix_alpha, 1.0);
  QCOMPARE(panel.trainingSettings().loss.cutmix_probability, 0.5);
  auto* sampler = panel.findChild<QComboBox*>(QStringLiteral("sampler"));
  QVERIFY(sampler);
  sampler->setCurrentIndex(sampler->findData(static_cast<int>(SamplerKind::Shuffle)));
  QCOMPARE(panel.trainingSettings().loss.sampler, SamplerKind::Shuffle);
  auto* mixup = panel.findChild<QDoubleSpinBox*>(QStringLiteral("mixupAlpha"));
  QVERIFY(mixup);
  mixup->setValue(0);
  QCOMPARE(panel.trainingSettings().loss.mixup_alpha, 0.0);
  // A list the table refuses is kept as typed, and the check points at the field.
  weights->setCurrentText(QStringLiteral("1, x"));
  QVERIFY(panel.noteFor(QStringLiteral("classWeights")));
}

// Issue 38: segmentation's loss and the mean IoU as the best checkpoint's figure.
void TrainingWidgetsTest::segmentationLossAndMeanIoURoundTripThroughTheirEditors() {
  TrainingSettingsPanel panel;
  TrainingSettings training;
  training.loss.segmentation_loss = SegmentationLoss::CrossEntropyDice;
  training.loss.best_metric = BestMetric::MeanIoU;
  panel.setSettings({}, training);
  auto* loss = panel.findChild<QComboBox*>(QStringLiteral("segmentationLoss"));
  QVERIFY(loss);
  QCOMPARE(loss->count(), 3);
  QCOMPARE(panel.trainingSettings().loss.segmentation_loss, SegmentationLoss::CrossEntropyDice);
  QCOMPARE(panel.trainingSettings().loss.best_metric, BestMetric::MeanIoU);
  loss->setCurrentIndex(loss->findData(static_cast<int>(SegmentationLoss::Dice)));
  QCOMPARE(panel.trainingSettings().loss.segmentation_loss, SegmentationLoss::Dice);
  auto* best = panel.findChild<QComboBox*>(QStringLiteral("bestMetric"));
  QVERIFY(best);
  QVERIFY(best->findData(static_cast<int>(BestMetric::MeanIoU)) >= 0);
}

void TrainingWidgetsTest::galleryShowsTrueAndPredictedClasses() {
  MisclassifiedGallery gallery;
  EpochMetrics epoch;
  epoch.class_names = {"shirt", "coat"};
  MisclassifiedSample sample;
  sample.channels = 1;
  sample.height = 4;
  sample.width = 4;
  sample.pixels.assign(16, 128);
  sample.true_class = 0;
  sample.predicted_class = 1;
  sample.confidence = 0.9;
  epoch.misclassified = {sample, sample};
  gallery.showEpoch(epoch);
  QCOMPARE(gallery.count(), 2);
  QVERIFY(gallery.item(0)->text().contains(QStringLiteral("shirt")));
  QVERIFY(gallery.item(0)->text().contains(QStringLiteral("coat")));
}

void TrainingWidgetsTest::aWarningSitsUnderTheSettingItConcerns() {
  TrainingSettingsPanel panel;
  DeviceReport cpuOnly;
  cpuOnly.cuda_unavailable = CudaUnavailable::kNoDriver;
  panel.setDevices(cpuOnly);
  DatasetSettings dataset;
  TrainingSettings training;
  training.device = "cpu";
  training.amp = AmpMode::Fp16;
  panel.setSettings(dataset, training);
  QLabel* note = panel.noteFor(QStringLiteral("amp"));
  QVERIFY(note);
  QVERIFY2(note->text().contains(QStringLiteral("fp16 on the CPU")), qPrintable(note->text()));
  // Right under the mixed-precision field, in the same form.
  auto* amp = panel.findChild<QWidget*>(QStringLiteral("amp"));
  QCOMPARE(note->parentWidget(), amp->parentWidget());
  auto* form = qobject_cast<QFormLayout*>(amp->parentWidget()->layout());
  int ampRow = -1, noteRow = -1;
  QFormLayout::ItemRole role;
  form->getWidgetPosition(amp, &ampRow, &role);
  form->getWidgetPosition(note, &noteRow, &role);
  QCOMPARE(noteRow, ampRow + 1);
  training.amp = AmpMode::Bf16;
  panel.setSettings(dataset, training);
  QVERIFY(!panel.noteFor(QStringLiteral("amp")));
}

// The engine's rules name a setting; the panel finds its editor by the table's name for it.
void TrainingWidgetsTest::everyEditorTheSettingTableNamesIsInThePanel() {
  TrainingSettingsPanel panel;
  auto check = [&panel](const std::string& key, const std::string& editor) {
    if (editor.empty()) return;
    QVERIFY2(panel.findChild<QWidget*>(QString::fromStdString(editor)),
             qPrintable(QString::fromStdString(key + " names no editor " + editor)));
  };
  for (const TrainingSetting& setting : training_setting_table())
    check(setting.key, setting.editor);
  for (const DatasetSetting& setting : dataset_setting_table()) check(setting.key, setting.editor);
  QCOMPARE(SettingsCheck::editorOf("training.warmup_steps"), QStringLiteral("warmupSteps"));
  QCOMPARE(SettingsCheck::editorOf("dataset.augmentation.horizontal_flip"),
           QStringLiteral("hflip"));
}

// The project holds a probability and the box shows the same number (issue 32: a percent box
// read the 0.5 users type as 5 %); typed 0.5 means half the images, typed 50 is refused.
void TrainingWidgetsTest::randomErasingIsEditedAsTheProbabilityTheProjectHolds() {
  TrainingSettingsPanel panel;
  DatasetSettings dataset;
  dataset.augmentation.random_erasing = 0.25;
  panel.setSettings(dataset, TrainingSettings{});
  auto* erasing = panel.findChild<QDoubleSpinBox*>(QStringLiteral("erasing"));
  QVERIFY(erasing);
  QCOMPARE(erasing->value(), 0.25);
  QVERIFY(!erasing->suffix().contains(QLatin1Char('%')));
  double edited = -1;
  connect(&panel, &TrainingSettingsPanel::settingsEdited, this,
          [&edited](const DatasetSettings& d, const TrainingSettings&) {
            edited = d.augmentation.random_erasing;
          });
  erasing->selectAll();
  QTest::keyClicks(erasing, QStringLiteral("0.5"));
  erasing->interpretText();
  QCOMPARE(erasing->value(), 0.5);
  QCOMPARE(edited, 0.5);
  QCOMPARE(panel.datasetSettings().augmentation.random_erasing, 0.5);
  erasing->selectAll();
  QTest::keyClicks(erasing, QStringLiteral("50"));
  erasing->interpretText();
  QVERIFY(erasing->value() <= 1.0);
  erasing->setValue(0);
  QCOMPARE(erasing->text(), erasing->specialValueText());
  QCOMPARE(panel.datasetSettings().augmentation.random_erasing, 0.0);
}

void TrainingWidgetsTest::theDatasetChoiceOffersEveryRegisteredFormat() {
  // The editor lists the engine's registry (dataset_formats.def): a new format needs no widget
  // code. Each choice stores its kind and shows its own path hint.
  TrainingSettingsPanel panel;
  panel.setSettings(DatasetSettings{}, TrainingSettings{});
  auto* kind = panel.findChild<QComboBox*>(QStringLiteral("datasetKind"));
  auto* path = panel.findChild<QLineEdit*>(QStringLiteral("datasetPath"));
  QVERIFY(kind && path);
  QCOMPARE(static_cast<std::size_t>(kind->count()), dataset_formats().size());
  for (const DatasetFormat& format : dataset_formats()) {
    kind->setCurrentIndex(kind->findData(static_cast<int>(format.kind)));
    QCOMPARE(kind->currentText(),
             QCoreApplication::translate(kDatasetFormatTextContext, format.label));
    QCOMPARE(path->placeholderText(),
             QCoreApplication::translate(kDatasetFormatTextContext, format.placeholder));
    QCOMPARE(panel.datasetSettings().source, format.kind);
  }
  QVERIFY(kind->findData(static_cast<int>(find_dataset_format("labelled-folder")->kind)) >= 0);
}

void TrainingWidgetsTest::theOptimizerChoiceOffersEveryRegisteredOptimizer() {
  // The editor lists the engine's registry (optimizers.def): a new optimizer needs no widget
  // code. Each choice stores its kind, explains itself, and enables the settings it reads.
  TrainingSettingsPanel panel;
  panel.setSettings(DatasetSettings{}, TrainingSettings{});
  auto* optimizer = panel.findChild<QComboBox*>(QStringLiteral("optimizer"));
  auto* momentum = panel.findChild<QDoubleSpinBox*>(QStringLiteral("momentum"));
  auto* nesterov = panel.findChild<QCheckBox*>(QStringLiteral("nesterov"));
  auto* weightDecay = panel.findChild<QDoubleSpinBox*>(QStringLiteral("weightDecay"));
  QVERIFY(optimizer && momentum && nesterov && weightDecay);
  QCOMPARE(static_cast<std::size_t>(optimizer->count()), optimizer_specs().size());
  for (const OptimizerSpec& spec : optimizer_specs()) {
    optimizer->setCurrentIndex(optimizer->findData(static_cast<int>(spec.kind)));
    QCOMPARE(optimizer->currentText(),
             QCoreApplication::translate(kOptimizerTextContext, spec.label));
    QCOMPARE(optimizer->itemData(optimizer->currentIndex(), Qt::ToolTipRole).toString(),
             QCoreApplication::translate(kOptimizerTextContext, spec.tooltip));
    QCOMPARE(momentum->isEnabled(), spec.uses("momentum"));
    QCOMPARE(nesterov->isEnabled(), spec.uses("nesterov"));
    QCOMPARE(weightDecay->isEnabled(), spec.uses("weight_decay"));
    QCOMPARE(panel.trainingSettings().optimizer.kind, spec.kind);
  }
}

void TrainingWidgetsTest::theComparisonSaysMibStoppedAndTheSettingsLabels() {
  auto run = [](const char* name, const char* state, double lr) {
    RecordedRun recorded;
    recorded.name = name;
    recorded.folder = std::string("/runs/") + name;
    recorded.state = state;
    Project project;
    project.training.optimizer.lr = lr;
    recorded.project = project;
    recorded.figures.peak_memory_bytes = 300ull << 20;
    return recorded;
  };
  RunComparisonModel model;
  model.setRuns({run("a", "cancelled", 0.1), run("b", "finished", 0.01)});
  QCOMPARE(model.index(0, RunComparisonModel::kState).data().toString(), QStringLiteral("stopped"));
  const int memory = model.figureColumn(RunComparisonModel::kMemory);
  QCOMPARE(model.index(0, memory).data().toString(), QStringLiteral("300.0 MiB"));
  const int lr = model.settingColumn(QStringLiteral("lr"));
  QVERIFY(lr >= 0);
  QCOMPARE(model.headerData(lr, Qt::Horizontal, Qt::DisplayRole).toString(),
           QStringLiteral("Learning rate"));
  QCOMPARE(model.headerData(lr, Qt::Horizontal, Qt::ToolTipRole).toString(), QStringLiteral("lr"));
  QVERIFY(QString::fromStdString(model.csv()).contains(QStringLiteral("\r\na,stopped,")));
}

// Issue 34: run.json's origin facts that differ between runs are columns after the figures,
// headed by their labels, sortable, named "origin.…" on hover.
void TrainingWidgetsTest::theComparisonShowsWhereRunsCameFromWhereItDiffers() {
  auto run = [](const char* name, const char* host) {
    RecordedRun recorded;
    recorded.name = name;
    recorded.folder = std::string("/runs/") + name;
    recorded.state = "finished";
    recorded.project = Project();
    RunOrigin origin;
    origin.host = host;
    origin.data_fingerprint = "00000000000000aa";
    recorded.origin = origin_facts(run_origin_json(origin));
    return recorded;
  };
  RunComparisonModel model;
  model.setRuns({run("a", "alpha"), run("b", "beta")});
  QCOMPARE(model.columnCount(), model.originColumn(1));
  const int host = model.originColumn(0);
  QCOMPARE(model.headerData(host, Qt::Horizontal, Qt::DisplayRole).toString(),
           QStringLiteral("Host"));
  QCOMPARE(model.headerData(host, Qt::Horizontal, Qt::ToolTipRole).toString(),
           QStringLiteral("origin.host"));
  QCOMPARE(model.index(0, host).data().toString(), QStringLiteral("alpha"));
  QCOMPARE(model.index(1, host).data(RunComparisonModel::kSortRole).toString(),
           QStringLiteral("beta"));
}

QTEST_MAIN(TrainingWidgetsTest)
#include "training_widgets_test.moc"
