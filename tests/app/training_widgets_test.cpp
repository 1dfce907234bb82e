// The training cockpit's widgets on their own, without a run: decimation, capped redraws,
// settings checks, the out-of-memory advice, the confusion matrix and the gallery.

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QtTest>

#include <cmath>
#include <tuple>

#include "convstudio/model/dataset_format.h"
#include "convstudio/model/optimizer_spec.h"

#include "convstudio/model/setting_table.h"
#include "convstudio/runs/run_origin.h"
#include "training/confusion_matrix_view.h"
#include "training/confusion_panel.h"
#include "training/live_chart.h"
#include "training/metric_series.h"
#include "training/misclassified_gallery.h"
#include "training/out_of_memory_dialog.h"
#include "training/run_comparison_model.h"
#include "training/settings_check.h"
#include "training/training_charts.h"
#include "training/training_progress_view.h"
#include "training/training_settings_panel.h"

using namespace convstudio;

class TrainingWidgetsTest : public QObject {
  Q_OBJECT

 private slots:
  void decimationKeepsEveryExtremeOfAMillionPoints();
  void smallRangesAreDrawnPointForPoint();
  void chartRedrawsOnlyWhenRefreshedAndChanged();
  void chartsDrawAMillionStepsDecimated();
  void redrawsStayWithinTheirCpuBudget();
  void smoothingIsADebiasedMovingAverage();
  void invalidCombinationsAreExplained();
  void outOfMemoryAdviceKeepsTheEffectiveBatch();
  void confusionMatrixShowsCountsWithClassNames();
  void classFiguresBesideTheMatrixFollowScikitLearn();
  void lossSettingsRoundTripThroughTheirEditors();
  void galleryShowsTrueAndPredictedClasses();
  void durationsAndMemoryReadNaturally();
  void everyLineIsNamedAtAnySize();
  void keyTicksNeverRunTogether();
  void aSingleValidationPointSitsAtItsStep();
  void emptiedChartsForgetThePreviousRunsRanges();
  void aWarningSitsUnderTheSettingItConcerns();
  void everyEditorTheSettingTableNamesIsInThePanel();
  void randomErasingIsEditedAsTheProbabilityTheProjectHolds();
  void theDatasetChoiceOffersEveryRegisteredFormat();
  void theOptimizerChoiceOffersEveryRegisteredOptimizer();
  void aSweepsRunsStandTogetherAndOverlayEveryChart();
  void theComparisonSaysMibStoppedAndTheSettingsLabels();
  void theComparisonShowsWhereRunsCameFromWhereItDiffers();
};

void TrainingWidgetsTest::decimationKeepsEveryExtremeOfAMillionPoints() {
  MetricSeries series;
  constexpr int kCount = 1'000'000;
  for (int i = 0; i < kCount; ++i) series.append(i, std::sin(i * 0.001));
  series.append(kCount, 5.0);  // one spike at the end
  QVector<QCPGraphData> view;
  series.decimate(0, kCount, 1000, view);
  QVERIFY(view.size() <= 2 * 1000 + 4);
  double lo = 1e9, hi = -1e9;
  for (const QCPGraphData& p : view) {
    lo = std::min(lo, p.value);
    hi = std::max(hi, p.value);
  }
  QCOMPARE(hi, 5.0);
  QVERIFY(lo < -0.9999);
  bool found = false;
  QCOMPARE(series.valueRange(found).upper, 5.0);
  QVERIFY(found);
}

void TrainingWidgetsTest::smallRangesAreDrawnPointForPoint() {
  MetricSeries series;
  for (int i = 0; i < 100; ++i) series.append(i, i);
  series.append(100, qQNaN());
  QVector<QCPGraphData> view;
  series.decimate(10, 20, 500, view);
  // 10..20 plus one neighbour on each side.
  QCOMPARE(view.size(), 13);
  QCOMPARE(view.front().key, 9.0);
  QCOMPARE(view.back().key, 21.0);
}

void TrainingWidgetsTest::chartRedrawsOnlyWhenRefreshedAndChanged() {
  LiveChart chart(QStringLiteral("loss"));
  chart.resize(400, 300);
  chart.show();
  QVERIFY(QTest::qWaitForWindowExposed(&chart));
  const int curve = chart.addCurve(QStringLiteral("loss"), Qt::blue);
  const int before = chart.redrawCount();
  for (int i = 0; i < 5000; ++i) chart.append(curve, i, 1.0 / (i + 1));
  QCOMPARE(chart.redrawCount(), before);  // appending never draws
  chart.refresh();
  QCOMPARE(chart.redrawCount(), before + 1);
  chart.refresh();  // nothing new
  QCOMPARE(chart.redrawCount(), before + 1);
  QCOMPARE(chart.graphOf(curve)->dataCount(), 5000);
  QVERIFY(chart.isFollowing());
  // The data across, with room for the last point's marker (issue 32).
  QVERIFY(chart.xAxis->range().upper >= 4999.0 && chart.xAxis->range().upper <= 4999.0 * 1.05);
}

void TrainingWidgetsTest::chartsDrawAMillionStepsDecimated() {
  TrainingCharts charts;
  charts.resize(1200, 400);
  charts.show();
  QVERIFY(QTest::qWaitForWindowExposed(&charts));
  TrainingSettings settings;
  charts.beginRun(settings);
  StepMetrics step;
  step.total_steps = 1'000'000;
  for (std::int64_t i = 1; i <= 1'000'000; ++i) {
    step.step = i;
    step.loss = 2.0 / std::sqrt(static_cast<double>(i));
    step.lr = 0.01;
    step.samples_per_second = 1000;
    charts.addStep(step);
  }
  charts.refresh();
  QCOMPARE(charts.stepCount(), std::size_t{1'000'000});
  // The raw loss is drawn from a view of a few points per pixel, not a million.
  QVERIFY(charts.lossChart()->graphOf(0)->dataCount() < 10000);
  QVERIFY(charts.lossChart()->graphOf(0)->dataCount() > 100);
}

void TrainingWidgetsTest::redrawsStayWithinTheirCpuBudget() {
  // Cheap redraws run at the 30 Hz cap; dearer ones are spaced so that drawing takes 2% of a
  // core (2 ms every 100 ms); the charts never fall below 5 redraws a second.
  QCOMPARE(TrainingCharts::redrawIntervalForCost(0.1), TrainingCharts::kRedrawIntervalMs);
  QCOMPARE(TrainingCharts::redrawIntervalForCost(2.0), 100);
  QCOMPARE(TrainingCharts::redrawIntervalForCost(50.0), TrainingCharts::kSlowestRedrawIntervalMs);

  TrainingCharts charts;
  charts.resize(1200, 400);
  charts.show();
  QVERIFY(QTest::qWaitForWindowExposed(&charts));
  charts.beginRun(TrainingSettings{});
  StepMetrics step;
  step.total_steps = 100'000;
  for (std::int64_t i = 1; i <= step.total_steps; ++i) {
    step.step = i;
    step.loss = 1.0 / static_cast<double>(i);
    charts.addStep(step);
  }
  const int before = charts.lossChart()->redrawCount();
  QElapsedTimer clock;
  clock.start();
  charts.refresh();
  const double outsideMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
  QCOMPARE(charts.lossChart()->redrawCount(), before + 1);
  // The refresh measured its own cost, and the timer now runs at the interval it asks for.
  QVERIFY(charts.redrawCostMs() > 0);
  QVERIFY(charts.redrawCostMs() <= outsideMs);
  QCOMPARE(charts.redrawIntervalMs(), TrainingCharts::redrawIntervalForCost(charts.redrawCostMs()));
}

void TrainingWidgetsTest::smoothingIsADebiasedMovingAverage() {
  TrainingCharts charts;
  charts.beginRun(TrainingSettings{});
  StepMetrics step;
  for (int i = 1; i <= 3; ++i) {
    step.step = i;
    step.loss = i == 1 ? 4.0 : 2.0;
    charts.addStep(step);
  }
  charts.setSmoothing(0.5);
  const MetricSeries& smooth = charts.lossChart()->series(1);
  // Debiased EMA: 4, then (0.5·2 + 0.25·4)/0.75, …; the first value equals the first loss.
  QCOMPARE(smooth.values()[0], 4.0);
  QVERIFY(std::abs(smooth.values()[1] - (0.5 * 2 + 0.25 * 4) / 0.75) < 1e-12);
  charts.setSmoothing(0);
  QCOMPARE(charts.lossChart()->series(1).values()[2], 2.0);
}

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
  training.loss = {"1, 5, 2.5", 0.1, BestMetric::MacroF1};
  panel.setSettings({}, training);
  auto* weights = panel.findChild<QComboBox*>(QStringLiteral("classWeights"));
  QVERIFY(weights);
  QCOMPARE(weights->currentText(), QStringLiteral("1, 5, 2.5"));
  weights->setCurrentText(QStringLiteral("balanced"));
  QCOMPARE(panel.trainingSettings().loss.class_weights, std::string("balanced"));
  QCOMPARE(panel.trainingSettings().loss.label_smoothing, 0.1);
  QCOMPARE(panel.trainingSettings().loss.best_metric, BestMetric::MacroF1);
  // A list the table refuses is kept as typed, and the check points at the field.
  weights->setCurrentText(QStringLiteral("1, x"));
  QVERIFY(panel.noteFor(QStringLiteral("classWeights")));
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

void TrainingWidgetsTest::durationsAndMemoryReadNaturally() {
  QCOMPARE(TrainingProgressView::durationText(3723), QStringLiteral("1:02:03"));
  QCOMPARE(TrainingProgressView::durationText(65), QStringLiteral("1:05"));
  MemorySnapshot cpu;
  cpu.resident_bytes = 512ull << 20;
  QVERIFY(TrainingProgressView::memoryText(cpu).contains(QStringLiteral("512")));
}

void TrainingWidgetsTest::everyLineIsNamedAtAnySize() {
  TrainingCharts charts;
  charts.resize(520, 230);  // a bottom dock on a 1280×720 screen
  charts.show();
  QVERIFY(QTest::qWaitForWindowExposed(&charts));
  TrainingSettings settings;
  settings.device = "cpu";
  charts.beginRun(settings);
  StepMetrics step;
  for (int i = 1; i <= 50; ++i) {
    step.step = i;
    step.loss = 1.0 / i;
    step.memory.resident_bytes = 100u << 20;
    charts.addStep(step);
  }
  charts.refresh();
  // Charts of several lines name each one in a legend, however small; charts of one line name
  // it in their title.
  for (LiveChart* chart : charts.charts()) {
    if (!chart->isVisible()) continue;
    int visibleLines = 0;
    for (int i = 0; i < chart->curveCount(); ++i) visibleLines += chart->graphOf(i)->visible();
    if (visibleLines < 2) continue;
    QVERIFY2(chart->legendShown(), qPrintable(chart->title()));
    QCOMPARE(chart->legend->itemCount(), visibleLines);
  }
  QVERIFY(charts.memoryChart()->legendShown());
}

void TrainingWidgetsTest::keyTicksNeverRunTogether() {
  LiveChart chart(QStringLiteral("loss"));
  const int curve = chart.addCurve(QStringLiteral("loss"), Qt::blue);
  for (int i = 1; i <= 400000; i += 100) chart.append(curve, i, 1.0);
  for (int width : {160, 300, 900}) {
    chart.resize(width, 200);
    chart.show();
    chart.refresh();
    const QFontMetrics metrics(chart.xAxis->tickLabelFont());
    const int label = metrics.horizontalAdvance(QStringLiteral("400000"));
    QVERIFY2(chart.keyTickCount() * label < chart.axisRect()->width(),
             qPrintable(QStringLiteral("%1 ticks at %2 px").arg(chart.keyTickCount()).arg(width)));
    QVERIFY(chart.keyTickCount() >= 2);
  }
  // Value labels, likewise, at every height: a short chart shows few, never a stack of them.
  for (int height : {110, 200, 600}) {
    chart.resize(300, height);
    chart.refresh();
    const int line = QFontMetrics(chart.yAxis->tickLabelFont()).height();
    QVERIFY2(
        chart.valueTickCount() * line * 2 <= std::max(chart.axisRect()->height(), 2 * 2 * line),
        qPrintable(QStringLiteral("%1 ticks at %2 px").arg(chart.valueTickCount()).arg(height)));
    QVERIFY(chart.valueTickCount() >= 2);
  }
}

void TrainingWidgetsTest::aSingleValidationPointSitsAtItsStep() {
  TrainingCharts charts;
  charts.resize(900, 300);
  charts.show();
  charts.beginRun(TrainingSettings{});
  StepMetrics step;
  for (int i = 1; i <= 938; ++i) {
    step.step = i;
    step.loss = 0.5;
    charts.addStep(step);
  }
  EpochMetrics epoch;
  epoch.train_accuracy = 0.91;
  epoch.val_accuracy = 0.938;
  // A validation reports these too (issue 34); they share the accuracy chart.
  epoch.val_balanced_accuracy = 0.936;
  epoch.val_macro_f1 = 0.935;
  charts.addEpoch(epoch);
  charts.refresh();
  LiveChart* accuracy = nullptr;
  for (LiveChart* chart : charts.charts()) {
    if (chart->title() == QStringLiteral("Accuracy (%)")) accuracy = chart;
  }
  QVERIFY(accuracy);
  // The run's steps across, not "937 to 939"; a percentage between 0 and 100, not a sliver.
  QVERIFY(accuracy->xAxis->range().lower <= 0);
  QVERIFY(accuracy->xAxis->range().upper >= 938);
  const QCPRange values = accuracy->yAxis->range();
  QVERIFY(values.lower >= -0.1 * values.size());  // past 0–100 by a marker's room at most
  QVERIFY(values.upper <= 100 + 0.1 * values.size());
  QVERIFY(values.size() >= 10);
  QVERIFY(values.contains(91) && values.contains(93.8));
  // Issue 32: the point at the run's last step showed half its marker at the chart's edge; it
  // (and a point at 100 %) keeps its whole marker inside the plot.
  const QRect plot = accuracy->axisRect()->rect();
  QVERIFY2(accuracy->xAxis->coordToPixel(938) <= plot.right() - 4,
           qPrintable(QStringLiteral("%1 px, plot ends at %2")
                          .arg(accuracy->xAxis->coordToPixel(938))
                          .arg(plot.right())));
  QVERIFY(accuracy->xAxis->coordToPixel(0) >= plot.left() + 4);
  epoch.val_accuracy = 1.0;
  charts.addEpoch(epoch);
  charts.refresh();
  QVERIFY(accuracy->yAxis->coordToPixel(100) >= plot.top() + 4);
}

// Issue 32: charts emptied for another project showed the previous project's axes (its steps
// and losses) around no data; they show what new charts show.
void TrainingWidgetsTest::emptiedChartsForgetThePreviousRunsRanges() {
  TrainingCharts fresh;
  TrainingCharts charts;
  for (TrainingCharts* c : {&fresh, &charts}) {
    c->resize(900, 300);
    c->show();
    c->beginRun(TrainingSettings{});
  }
  StepMetrics step;
  for (int i = 1; i <= 2000; ++i) {
    step.step = i;
    step.loss = 40.0 / i;
    charts.addStep(step);
  }
  EpochMetrics epoch;
  epoch.val_accuracy = 0.5;
  charts.addEpoch(epoch);
  charts.refresh();
  QVERIFY(charts.charts().front()->xAxis->range().upper >= 2000);
  charts.beginRun(TrainingSettings{});  // what opening another project does
  charts.refresh();
  fresh.refresh();
  for (qsizetype i = 0; i < charts.charts().size(); ++i) {
    const LiveChart* emptied = charts.charts()[i];
    const LiveChart* unused = fresh.charts()[i];
    QCOMPARE(emptied->xAxis->range(), unused->xAxis->range());
    QCOMPARE(emptied->yAxis->range(), unused->yAxis->range());
  }
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

void TrainingWidgetsTest::aSweepsRunsStandTogetherAndOverlayEveryChart() {
  // Newest first: a sweep's older run joins its newest, before a run on its own.
  auto run = [](const char* name, const char* sweep, const char* label, double accuracy) {
    RecordedRun recorded;
    recorded.name = name;
    recorded.folder = std::string("/runs/") + name;
    recorded.state = "finished";
    recorded.sweep = sweep;
    recorded.label = label;
    for (const auto& [number, loss, resident] :
         {std::tuple{1, 2.0, 64ull << 20}, std::tuple{2, 1.5, 65ull << 20}}) {
      StepMetrics step;
      step.step = number;
      step.loss = loss;
      step.lr = 0.1;
      step.samples_per_second = 100;
      step.memory.resident_bytes = resident;
      recorded.steps.push_back(RecordedStep::of(step));
    }
    RecordedEpoch epoch;
    epoch.step = 2;
    epoch.val_accuracy = accuracy;
    recorded.epochs = {epoch};
    return recorded;
  };
  RunComparisonModel model;
  model.setRuns(
      {run("c", "s1", "lr=0.1", 0.7), run("b", "", "", 0.5), run("a", "s1", "lr=0.01", 0.6)});
  QCOMPARE(model.rowCount(), 3);
  QCOMPARE(model.index(0, RunComparisonModel::kRun).data().toString(), QStringLiteral("c"));
  QCOMPARE(model.index(1, RunComparisonModel::kRun).data().toString(), QStringLiteral("a"));
  QCOMPARE(model.index(2, RunComparisonModel::kRun).data().toString(), QStringLiteral("b"));
  QCOMPARE(model.index(1, RunComparisonModel::kSweep).data().toString(), QStringLiteral("s1"));

  // The checked ones go to every chart that compares runs, named by their sweep values.
  model.setChecked(0, true);
  model.setChecked(1, true);
  TrainingCharts charts;
  const int loss = charts.lossChart()->curveCount();
  const int accuracy = charts.accuracyChart()->curveCount();
  const int memory = charts.memoryChart()->curveCount();
  charts.setOverlays(model.checkedRuns());
  QCOMPARE(charts.lossChart()->curveCount(), loss + 2);
  // Issue 32: the settings' labels, not the sweep's keys ("lr=0.1").
  QCOMPARE(charts.accuracyChart()->graphOf(accuracy)->name(),
           QStringLiteral("Learning rate = 0.1"));
  QCOMPARE(charts.accuracyChart()->series(accuracy + 1).values().front(), 60.0);
  QCOMPARE(charts.memoryChart()->series(memory).values().back(), 65.0);
  charts.beginRun(TrainingSettings{});
  QCOMPARE(charts.memoryChart()->series(memory).size(), std::size_t{2});
  charts.setOverlays({});
  QCOMPARE(charts.memoryChart()->curveCount(), memory);
}

// Issue 32: the table said "MB" and "stopped" where the CSV said bytes and "cancelled", the
// charts MiB; one unit (MiB, powers of 1024) and one word per state, the settings' labels for
// the columns.
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
