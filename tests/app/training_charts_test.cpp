// The training cockpit's charts on their own, without a run: decimation, capped redraws,
// smoothing, legends and axes, and a sweep's runs overlaid.

#include <QtTest>

#include <cmath>
#include <tuple>

#include "training/confusion_matrix_view.h"
#include "training/eliding_legend_item.h"
#include "training/live_chart.h"
#include "training/metric_series.h"
#include "training/run_comparison_model.h"
#include "training/training_charts.h"
#include "training/training_progress_view.h"

using namespace convstudio;

class TrainingChartsTest : public QObject {
  Q_OBJECT

 private slots:
  void decimationKeepsEveryExtremeOfAMillionPoints();
  void smallRangesAreDrawnPointForPoint();
  void chartRedrawsOnlyWhenRefreshedAndChanged();
  void chartsDrawAMillionStepsDecimated();
  void redrawsStayWithinTheirCpuBudget();
  void smoothingIsADebiasedMovingAverage();
  void durationsAndMemoryReadNaturally();
  void everyLineIsNamedAtAnySize();
  void keyTicksNeverRunTogether();
  void aSingleValidationPointSitsAtItsStep();
  void emptiedChartsForgetThePreviousRunsRanges();
  void aSweepsRunsStandTogetherAndOverlayEveryChart();
  void theTrainingAccuracySaysItCountsTheDominantLabelUnderMixing();
  void aClickOnTheConfusionMatrixSelectsThatCell();
  void theMeanIoUIsALineOfTheAccuracyChartForSegmentationRunsOnly();
};

void TrainingChartsTest::decimationKeepsEveryExtremeOfAMillionPoints() {
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

void TrainingChartsTest::smallRangesAreDrawnPointForPoint() {
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

void TrainingChartsTest::chartRedrawsOnlyWhenRefreshedAndChanged() {
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

void TrainingChartsTest::chartsDrawAMillionStepsDecimated() {
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

void TrainingChartsTest::redrawsStayWithinTheirCpuBudget() {
  // Cheap redraws run at the 30 Hz cap; dearer ones are spaced so that drawing takes 2% of a
  // core on a GPU run (2 ms every 100 ms) and 0.5% on a CPU run, whose UI thread takes its time
  // from training (2 ms every 400 ms); the charts never fall below 5 (GPU) or 2 (CPU) redraws
  // a second.
  const auto gpu = TrainingCharts::kGpuRunBudget;
  const auto cpu = TrainingCharts::kCpuRunBudget;
  QCOMPARE(TrainingCharts::redrawIntervalForCost(0.1, gpu), TrainingCharts::kRedrawIntervalMs);
  QCOMPARE(TrainingCharts::redrawIntervalForCost(2.0, gpu), 100);
  QCOMPARE(TrainingCharts::redrawIntervalForCost(50.0, gpu), 200);
  QCOMPARE(TrainingCharts::redrawIntervalForCost(0.1, cpu), TrainingCharts::kRedrawIntervalMs);
  QCOMPARE(TrainingCharts::redrawIntervalForCost(2.0, cpu), 400);
  QCOMPARE(TrainingCharts::redrawIntervalForCost(50.0, cpu), 500);

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
  // A CPU run spaces the same redraws by its own budget.
  charts.setTrainingOnCpu(true);
  QCOMPARE(charts.redrawIntervalMs(), TrainingCharts::redrawIntervalForCost(
                                          charts.redrawCostMs(), TrainingCharts::kCpuRunBudget));
}

void TrainingChartsTest::smoothingIsADebiasedMovingAverage() {
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

void TrainingChartsTest::durationsAndMemoryReadNaturally() {
  QCOMPARE(TrainingProgressView::durationText(3723), QStringLiteral("1:02:03"));
  QCOMPARE(TrainingProgressView::durationText(65), QStringLiteral("1:05"));
  MemorySnapshot cpu;
  cpu.resident_bytes = 512ull << 20;
  QVERIFY(TrainingProgressView::memoryText(cpu).contains(QStringLiteral("512")));
}

void TrainingChartsTest::everyLineIsNamedAtAnySize() {
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
    // A name wider than its chart ends in "…" and shows whole on hover, never cut off at the
    // chart's edge ("validation (balance" at 1280×720).
    const QFontMetrics metrics(chart->legend->font());
    const int besideText = chart->legend->iconSize().width() + chart->legend->iconTextPadding();
    for (int i = 0; i < chart->legend->itemCount(); ++i) {
      auto* item = qobject_cast<QCPPlottableLegendItem*>(chart->legend->item(i));
      if (item == nullptr) continue;
      const QString name = item->plottable()->name();
      auto* eliding = qobject_cast<ElidingLegendItem*>(item);
      const QString drawn = eliding != nullptr ? eliding->shownName() : name;
      QVERIFY2(item->outerRect().left() + besideText + metrics.horizontalAdvance(drawn) <=
                   chart->width(),
               qPrintable(QStringLiteral("%1: %2").arg(chart->title(), name)));
      if (drawn != name) QCOMPARE(chart->legendToolTipAt(item->outerRect().center()), name);
    }
  }
  QVERIFY(charts.memoryChart()->legendShown());
}

void TrainingChartsTest::keyTicksNeverRunTogether() {
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

void TrainingChartsTest::aSingleValidationPointSitsAtItsStep() {
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

// Issue 38: a segmentation run's validations add a mIoU curve to the accuracy chart; a
// classification run's never show it.
void TrainingChartsTest::theMeanIoUIsALineOfTheAccuracyChartForSegmentationRunsOnly() {
  TrainingCharts charts;
  charts.resize(900, 300);
  charts.show();  // a hidden chart does not redraw its curves
  charts.beginRun(TrainingSettings{});
  constexpr std::size_t kMeanIoU = metric_index("val_mean_iou");
  LiveChart* chart = charts.chartOf(kMeanIoU);
  QCOMPARE(chart, charts.accuracyChart());
  QCPGraph* curve = chart->graphOf(charts.curveOf(kMeanIoU));
  EpochMetrics classification;
  classification.step = 10;
  classification.val_accuracy = 0.9;
  charts.addEpoch(classification);
  charts.refresh();
  QVERIFY(!curve->visible());
  QCOMPARE(curve->dataCount(), 0);

  EpochMetrics segmentation = classification;
  segmentation.step = 20;
  segmentation.val_mean_iou = 0.625;
  segmentation.val_class_iou = {0.5, 0.75};
  charts.addEpoch(segmentation);
  charts.refresh();
  QVERIFY(curve->visible());
  QCOMPARE(curve->dataCount(), 1);
  QCOMPARE(curve->data()->at(0)->value, 62.5);  // a percentage, as the accuracies
  charts.beginRun(TrainingSettings{});          // the next run hides it until it measures one
  QVERIFY(!curve->visible());
}

// Issue 32: charts emptied for another project showed the previous project's axes (its steps
// and losses) around no data; they show what new charts show.
void TrainingChartsTest::emptiedChartsForgetThePreviousRunsRanges() {
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

void TrainingChartsTest::aSweepsRunsStandTogetherAndOverlayEveryChart() {
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

// Issue 35: a click on a cell selects (true class, predicted class), so its images can be listed
// and explained; the selection outlives the next validation of the same classes.
void TrainingChartsTest::aClickOnTheConfusionMatrixSelectsThatCell() {
  ConfusionMatrixView view;
  view.resize(420, 380);
  EpochMetrics epoch;
  epoch.confusion = {{5, 1, 0}, {2, 4, 0}, {0, 3, 3}};
  epoch.class_names = {"a", "b", "c"};
  view.showEpoch(epoch);
  view.show();
  QVERIFY(QTest::qWaitForWindowExposed(&view));
  view.replot();
  QSignalSpy selected(&view, &ConfusionMatrixView::cellSelected);
  const QPoint cell(static_cast<int>(view.xAxis->coordToPixel(1)),
                    static_cast<int>(view.yAxis->coordToPixel(2)));
  QCOMPARE(view.cellAt(cell), QPoint(1, 2));
  QTest::mouseClick(&view, Qt::LeftButton, {}, cell);
  QCOMPARE(selected.count(), 1);
  QCOMPARE(selected.front().at(0).toInt(), 2);  // true class
  QCOMPARE(selected.front().at(1).toInt(), 1);  // predicted class
  QCOMPARE(view.selectedTrueClass(), 2);
  QCOMPARE(view.cell(view.selectedTrueClass(), view.selectedPredictedClass()), std::int64_t{3});
  view.showEpoch(epoch);
  QCOMPARE(view.selectedPredictedClass(), 1);
  // Outside the matrix nothing changes.
  QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(2, 2));
  QCOMPARE(selected.count(), 1);
}

// Under mixup/CutMix an image has two labels: the legend says which one the accuracy counts.
void TrainingChartsTest::theTrainingAccuracySaysItCountsTheDominantLabelUnderMixing() {
  TrainingCharts charts;
  auto trainingCurveName = [&charts] {
    for (int i = 0; i < charts.accuracyChart()->curveCount(); ++i) {
      const QString name = charts.accuracyChart()->graphOf(i)->name();
      if (name.startsWith(QStringLiteral("training"))) return name;
    }
    return QString();
  };
  TrainingSettings settings;
  charts.beginRun(settings);
  QCOMPARE(trainingCurveName(), QStringLiteral("training"));
  settings.loss.mixup_alpha = 0.2;
  charts.beginRun(settings);
  QCOMPARE(trainingCurveName(), QStringLiteral("training (dominant label, mixup)"));
  settings.loss.cutmix_alpha = 1;
  charts.beginRun(settings);
  QCOMPARE(trainingCurveName(), QStringLiteral("training (dominant label, mixup/CutMix)"));
  settings.loss.mixup_alpha = 0;
  charts.beginRun(settings);
  QCOMPARE(trainingCurveName(), QStringLiteral("training (dominant label, CutMix)"));
  settings.loss.cutmix_probability = 0;  // never applied: nothing is mixed
  charts.beginRun(settings);
  QCOMPARE(trainingCurveName(), QStringLiteral("training"));
}

QTEST_MAIN(TrainingChartsTest)
#include "training_charts_test.moc"
