#include "training_charts.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSlider>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <utility>

#include "convstudio/io/atomic_write.h"
#include "engine_text.h"

#include "live_chart.h"
#include "run_overlays.h"

namespace convstudio {
namespace {

constexpr double kMiB = 1024.0 * 1024.0;
constexpr std::size_t kLoss = metric_index("loss");
constexpr std::size_t kTrainAccuracy = metric_index("train_accuracy");

const QColor kBlue(metric_colour::kBlue);
const QColor kGreen(metric_colour::kGreen);
const QColor kRed(metric_colour::kRed);

// A metric's value as its chart draws it: memory in MiB, a ratio as a percentage.
double chartValue(const MetricDescriptor& metric, double value) {
  if (metric.unit == MetricUnit::Bytes) return value / kMiB;
  if (metric.unit == MetricUnit::Ratio) return value * 100;
  return value;
}

QString labelOf(const MetricDescriptor& metric) {
  return QCoreApplication::translate("Metrics", metric.label);
}

}  // namespace

TrainingCharts::TrainingCharts(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("trainingCharts"));
  createCharts();

  auto* toolbar = new QHBoxLayout;
  toolbar->addWidget(new QLabel(tr("Smoothing:"), this));
  smoothingSlider_ = new QSlider(Qt::Horizontal, this);
  smoothingSlider_->setObjectName(QStringLiteral("smoothingSlider"));
  smoothingSlider_->setRange(0, 99);
  smoothingSlider_->setValue(static_cast<int>(std::lround(smoothing_ * 100)));
  smoothingSlider_->setMaximumWidth(120);
  smoothingSlider_->setMinimumWidth(60);
  smoothingSlider_->setToolTip(
      tr("Weight of the exponential moving average drawn over the raw loss"));
  toolbar->addWidget(smoothingSlider_);
  smoothingValue_ = new QLabel(this);
  smoothingValue_->setMinimumWidth(32);
  toolbar->addWidget(smoothingValue_);
  // The buttons right after the slider, not at the far end: the charts below are wider than a
  // 1280-pixel screen's dock and scroll, and a button at the end was cut off (issue 32).
  auto* reset = new QPushButton(tr("Reset Views"), this);
  reset->setToolTip(tr("Follow the data again after zooming or panning (or double-click a chart)"));
  toolbar->addWidget(reset);
  auto* csv = new QPushButton(tr("Export CSV…"), this);
  csv->setToolTip(tr("Every step's and epoch's metrics of this run as a CSV file"));
  toolbar->addWidget(csv);
  toolbar->addStretch();

  auto* grid = new QGridLayout;
  grid_ = grid;
  grid->setSpacing(2);
  grid->addWidget(charts_.loss, 0, 0, 2, 1);
  grid->addWidget(charts_.accuracy, 0, 1);
  grid->addWidget(charts_.lr, 1, 1);
  grid->addWidget(charts_.memory, 0, 2);
  grid->addWidget(charts_.throughput, 1, 2);
  grid->setColumnStretch(0, 3);
  grid->setColumnStretch(1, 2);
  grid->setColumnStretch(2, 2);
  showScaleChart(false);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(toolbar);
  layout->addLayout(grid, 1);

  connect(smoothingSlider_, &QSlider::valueChanged, this,
          [this](int value) { setSmoothing(value / 100.0); });
  connect(reset, &QPushButton::clicked, this, &TrainingCharts::resetViews);
  connect(csv, &QPushButton::clicked, this, &TrainingCharts::exportCsvInteractively);
  smoothingValue_->setText(QString::number(smoothing_, 'f', 2));

  // However fast steps arrive, the charts redraw at most this often.
  redrawTimer_ = new QTimer(this);
  redrawTimer_->setInterval(kRedrawIntervalMs);
  connect(redrawTimer_, &QTimer::timeout, this, &TrainingCharts::refresh);
  redrawTimer_->start();
}

TrainingCharts::~TrainingCharts() = default;

void TrainingCharts::createCharts() {
  using Style = LiveChart::Style;
  charts_.loss = new LiveChart(tr("Loss"), this);
  charts_.accuracy = new LiveChart(tr("Accuracy (%)"), this);
  charts_.accuracy->setValueLimits(0, 100, 10);
  charts_.lr = new LiveChart(tr("Learning rate"), this);
  charts_.memory = new LiveChart(tr("Memory (MiB)"), this);
  charts_.throughput = new LiveChart(tr("Samples/s"), this);  // short: the chart can be narrow
  charts_.scale = new LiveChart(tr("fp16 loss scale"), this);
  charts_.scale->yAxis->setScaleType(QCPAxis::stLogarithmic);
  charts_.scale->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());

  // Every metric that names a chart is a curve of it, in the list's order: per step a line, per
  // epoch points.
  curveOf_.fill(-1);
  for (std::size_t i = 0; i < kMetricCount; ++i) {
    const MetricDescriptor& metric = kMetrics[i];
    LiveChart* chart = chartFor(metric);
    if (!chart) continue;
    chartOf_[i] = chart;
    curveOf_[i] =
        chart->addCurve(labelOf(metric), QColor::fromRgba(metric.colour),
                        metric.cadence() == MetricCadence::Epoch ? Style::Points : Style::Line,
                        metric.right_axis ? LiveChart::Axis::Right : LiveChart::Axis::Left);
    // The smoothed loss is drawn over the raw one and named next to it.
    if (i == kLoss) curves_.smoothLoss = charts_.loss->addCurve(tr("smoothed"), kBlue);
  }
  curves_.rawLoss = curveOf_[kLoss];

  // fp16 steps the loss scaler threw away (inf/NaN gradients): their loss taught nothing.
  curves_.skippedLoss = charts_.loss->addCurve(tr("skipped step"), kRed, Style::Markers);
  charts_.loss->graphOf(curves_.skippedLoss)
      ->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, kRed, kRed, 7));
  // Shown and named once a step is skipped.
  charts_.loss->graphOf(curves_.skippedLoss)->setVisible(false);
  charts_.loss->graphOf(curves_.skippedLoss)->removeFromLegend();

  curves_.scaleGrowth = charts_.scale->addCurve(tr("scale grew"), kGreen, Style::Markers);
  charts_.scale->graphOf(curves_.scaleGrowth)
      ->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, kGreen, kGreen, 7));
  curves_.scaleBackoff = charts_.scale->addCurve(tr("scale backed off"), kRed, Style::Markers);
  charts_.scale->graphOf(curves_.scaleBackoff)
      ->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, kRed, kRed, 7));

  for (LiveChart* chart : charts()) {
    chart->xAxis->setLabel(tr("step"));
    // A chart of one curve names it in its title.
    if (chart->curveCount() == 1) chart->setLegendWanted(false);
  }
  overlays_ = std::make_unique<RunOverlays>(charts_.loss, charts_.accuracy, charts_.memory);
  showMemoryOf(false);            // until a run on a GPU starts
  showSegmentationCurves(false);  // until a segmentation run's validation arrives
}

void TrainingCharts::showSegmentationCurves(bool shown) {
  for (std::size_t i = 0; i < kMetricCount; ++i) {
    if (chartOf_[i] && kMetrics[i].task == MetricTask::Segmentation) {
      chartOf_[i]->setCurveVisible(curveOf_[i], shown);
    }
  }
}

LiveChart* TrainingCharts::chartFor(const MetricDescriptor& metric) {
  switch (metric.chart) {
    case MetricChart::None:
      return nullptr;
    case MetricChart::Loss:
      return charts_.loss;
    case MetricChart::Accuracy:
      return charts_.accuracy;
    case MetricChart::LearningRate:
      return charts_.lr;
    case MetricChart::Memory:
      return charts_.memory;
    case MetricChart::Throughput:
      return charts_.throughput;
    case MetricChart::LossScale:
      return charts_.scale;
    case MetricChart::Own:
      break;
  }
  auto* chart = new LiveChart(labelOf(metric), this);
  chart->setObjectName(
      QStringLiteral("chart_") +
      QString::fromUtf8(metric.id.data(), static_cast<qsizetype>(metric.id.size())));
  charts_.own.push_back(chart);
  return chart;
}

void TrainingCharts::showMemoryOf(bool cuda) {
  // On a GPU the allocator's figures matter; on the CPU only the process's.
  for (std::size_t i = 0; i < kMetricCount; ++i) {
    if (!chartOf_[i] || kMetrics[i].device == MetricDevice::Any) continue;
    chartOf_[i]->setCurveVisible(curveOf_[i], (kMetrics[i].device == MetricDevice::Cuda) == cuda);
  }
}

void TrainingCharts::showScaleChart(bool show) {
  scaleShown_ = show;
  layOutExtraCharts();
}

void TrainingCharts::layOutExtraCharts() {
  std::vector<LiveChart*> extra = charts_.own;
  extra.push_back(charts_.scale);
  std::vector<LiveChart*> shown = charts_.own;
  if (scaleShown_) shown.push_back(charts_.scale);
  for (LiveChart* chart : extra) grid_->removeWidget(chart);
  charts_.scale->setVisible(scaleShown_);
  // Two to a column; a column of one gives it both rows. A column left empty gives its room to
  // the others.
  const int first = 3;
  for (std::size_t k = 0; k < extra.size(); ++k) {
    const int column = first + static_cast<int>(k / 2);
    if (k < shown.size()) {
      const bool alone = k % 2 == 0 && k + 1 == shown.size();
      grid_->addWidget(shown[k], static_cast<int>(k % 2), column, alone ? 2 : 1, 1);
    }
    grid_->setColumnStretch(column, k / 2 < (shown.size() + 1) / 2 ? 2 : 0);
  }
}

QList<LiveChart*> TrainingCharts::charts() const {
  QList<LiveChart*> all = {charts_.loss,   charts_.accuracy,   charts_.lr,
                           charts_.memory, charts_.throughput, charts_.scale};
  for (LiveChart* chart : charts_.own) all.append(chart);
  return all;
}

void TrainingCharts::beginRun(const TrainingSettings& settings) {
  for (LiveChart* chart : charts()) {
    // Overlays belong to the runs list, not to the run.
    for (int i = 0; i < chart->curveCount(); ++i) {
      if (!overlays_->isOverlay(chart, i)) chart->clearCurve(i);
    }
    // The previous run's span goes with its steps: empty charts of another project show the
    // ranges of new ones (issue 32).
    chart->setKeyRangeHint(0, 0);
    chart->resetView();
  }
  showScaleChart(settings.amp == AmpMode::Fp16);
  showSegmentationCurves(false);
  charts_.accuracy->graphOf(curveOf_[kTrainAccuracy])
      ->setName(trainingAccuracyLabel(settings.loss));
  charts_.loss->graphOf(curves_.skippedLoss)->setVisible(false);
  charts_.loss->graphOf(curves_.skippedLoss)->removeFromLegend();
  ema_ = 0;
  emaCount_ = 0;
  lastStep_ = 0;
  memoryKindKnown_ = false;
  // The device named in the settings decides which memory to show until the first step says;
  // "auto" leaves the previous choice.
  if (const auto device = parse_device(settings.device)) {
    if (device->kind == DeviceChoice::Kind::Cpu) showMemoryOf(false);
    if (device->kind == DeviceChoice::Kind::Cuda) showMemoryOf(true);
  }
  steps_.clear();
  epochs_.clear();
  continued_.reset();
}

QString TrainingCharts::trainingAccuracyLabel(const LossSettings& loss) {
  // Under mixing an image has two labels; its accuracy counts the one of weight ≥ 0.5.
  const bool mixup = loss.mixup_alpha > 0 && loss.mixup_probability > 0;
  const bool cutmix = loss.cutmix_alpha > 0 && loss.cutmix_probability > 0;
  if (mixup && cutmix) return tr("training (dominant label, mixup/CutMix)");
  if (mixup) return tr("training (dominant label, mixup)");
  if (cutmix) return tr("training (dominant label, CutMix)");
  return labelOf(kMetrics[kTrainAccuracy]);
}

void TrainingCharts::continueRun(RecordedRun earlier) {
  continued_ = std::move(earlier);
}

void TrainingCharts::addStep(const StepMetrics& step) {
  if (continued_) {
    // Only what came before this step: a crash may have left steps after the checkpoint.
    RecordedRun earlier = *std::exchange(continued_, std::nullopt);
    std::erase_if(earlier.steps, [&step](const RecordedStep& s) { return s.step() >= step.step; });
    std::erase_if(earlier.epochs, [&step](const RecordedEpoch& e) { return e.step >= step.step; });
    showRecordedRun(earlier);
  }
  const auto x = static_cast<double>(step.step);
  lastStep_ = step.step;
  steps_.push_back(RecordedStep::of(step));
  // Every chart spans the run so far, so an accuracy point per epoch sits at its step.
  for (LiveChart* chart : charts()) chart->setKeyRangeHint(0, x);
  const MemorySnapshot& m = step.memory;
  if (!memoryKindKnown_) {
    memoryKindKnown_ = true;
    showMemoryOf(m.is_cuda);
  }
  for (std::size_t i = 0; i < kMetricCount; ++i) {
    const MetricDescriptor& metric = kMetrics[i];
    if (!chartOf_[i] || metric.cadence() != MetricCadence::Step) continue;
    chartOf_[i]->append(curveOf_[i], x, chartValue(metric, metric.field.step_value(step)));
  }

  if (std::isfinite(step.loss)) {
    ema_ = smoothing_ * ema_ + (1 - smoothing_) * step.loss;
    ++emaCount_;
  }
  const double debias = 1 - std::pow(smoothing_, static_cast<double>(emaCount_));
  charts_.loss->append(curves_.smoothLoss, x,
                       emaCount_ > 0 && debias > 0 ? ema_ / debias : qQNaN());
  if (step.skipped) {
    charts_.loss->append(curves_.skippedLoss, x, step.loss);
    charts_.loss->graphOf(curves_.skippedLoss)->setVisible(true);
    charts_.loss->graphOf(curves_.skippedLoss)->addToLegend();  // no-op when already there
  }
  if (step.loss_scale_change > 0) charts_.scale->append(curves_.scaleGrowth, x, step.loss_scale);
  if (step.loss_scale_change < 0) charts_.scale->append(curves_.scaleBackoff, x, step.loss_scale);
  if (step.loss_scale != 1.0 && !scaleShown_) showScaleChart(true);
}

void TrainingCharts::addEpoch(const EpochMetrics& epoch) {
  // At the step it followed: mid-epoch validations too (0: an event that did not say).
  addEpochAt(epoch.step > 0 ? epoch.step : lastStep_, epoch);
}

void TrainingCharts::showRecordedRun(const RecordedRun& run) {
  for (const RecordedStep& recorded : run.steps) addStep(recorded.metrics());
  for (const RecordedEpoch& recorded : run.epochs) addEpochAt(recorded.step, recorded);
  resetViews();
}

void TrainingCharts::addEpochAt(std::int64_t step, const EpochMetrics& epoch) {
  const auto x = static_cast<double>(step);
  for (std::size_t i = 0; i < kMetricCount; ++i) {
    const MetricDescriptor& metric = kMetrics[i];
    if (!chartOf_[i] || metric.cadence() != MetricCadence::Epoch) continue;
    if (!metric.measured_in(epoch)) continue;
    // A segmentation run's mean IoU joins the accuracy chart with its first validation.
    if (metric.task == MetricTask::Segmentation) chartOf_[i]->setCurveVisible(curveOf_[i], true);
    chartOf_[i]->append(curveOf_[i], x, chartValue(metric, metric.field.epoch_value(epoch)));
  }
  RecordedEpoch kept;
  static_cast<EpochMetrics&>(kept) = epoch;
  kept.step = step;
  kept.confusion.clear();
  kept.misclassified.clear();
  epochs_.push_back(std::move(kept));
}

void TrainingCharts::setOverlays(const std::vector<RecordedRun>& runs) {
  overlays_->set(runs, smoothing_);
}

const std::vector<RecordedRun>& TrainingCharts::overlays() const {
  return overlays_->runs();
}

void TrainingCharts::setSmoothing(double weight) {
  weight = std::clamp(weight, 0.0, 0.99);
  if (weight == smoothing_) return;
  smoothing_ = weight;
  smoothingValue_->setText(QString::number(weight, 'f', 2));
  const QSignalBlocker blocker(smoothingSlider_);
  smoothingSlider_->setValue(static_cast<int>(std::lround(weight * 100)));
  rebuildSmoothed();
}

void TrainingCharts::rebuildSmoothed() {
  // drawSmoothed clears the curve it writes, never the raw one read here.
  const MetricSeries& raw = charts_.loss->series(curves_.rawLoss);
  RunOverlays::drawSmoothed(charts_.loss, curves_.smoothLoss, raw.keys(), raw.values(), smoothing_);
  // Continue the running EMA from the recomputed series.
  ema_ = 0;
  emaCount_ = 0;
  for (double v : raw.values()) {
    if (!std::isfinite(v)) continue;
    ema_ = smoothing_ * ema_ + (1 - smoothing_) * v;
    ++emaCount_;
  }
  overlays_->resmooth(smoothing_);
}

void TrainingCharts::addAboveCharts(QWidget* widget) {
  static_cast<QVBoxLayout*>(layout())->insertWidget(0, widget);
}

std::size_t TrainingCharts::stepCount() const {
  return charts_.loss->series(curves_.rawLoss).size();
}

int TrainingCharts::redrawCount() const {
  int total = 0;
  for (LiveChart* chart : charts()) total += chart->redrawCount();
  return total;
}

void TrainingCharts::refresh() {
  QElapsedTimer clock;
  clock.start();
  int redrawn = 0;
  for (LiveChart* chart : charts()) {
    const int before = chart->redrawCount();
    chart->refresh();
    redrawn += chart->redrawCount() - before;
  }
  if (redrawn == 0) return;  // nothing new: says nothing about what drawing costs
  // Averaged, so one slow frame (a resize, a first layout) does not stall the charts.
  const double costMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
  redrawCostMs_ = redrawCostMs_ == 0 ? costMs : 0.8 * redrawCostMs_ + 0.2 * costMs;
  redrawTimer_->setInterval(redrawIntervalForCost(redrawCostMs_, budget_));
}

int TrainingCharts::redrawIntervalForCost(double costMs, RedrawBudget budget) {
  const auto budgeted = static_cast<int>(std::ceil(costMs / budget.cpuShare));
  return std::clamp(budgeted, kRedrawIntervalMs, budget.slowestIntervalMs);
}

void TrainingCharts::setTrainingOnCpu(bool onCpu) {
  budget_ = onCpu ? kCpuRunBudget : kGpuRunBudget;
  if (redrawCostMs_ > 0) redrawTimer_->setInterval(redrawIntervalForCost(redrawCostMs_, budget_));
}

int TrainingCharts::redrawIntervalMs() const {
  return redrawTimer_->interval();
}

void TrainingCharts::resetViews() {
  for (LiveChart* chart : charts()) chart->resetView();
}

std::optional<Error> TrainingCharts::exportCsv(const QString& path) const {
  return write_file_atomically(std::filesystem::path(QFile::encodeName(path).toStdString()),
                               metrics_csv_text(steps_, epochs_));
}

void TrainingCharts::exportCsvInteractively() {
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export Metrics"), QStringLiteral("metrics.csv"), tr("CSV file (*.csv)"));
  if (path.isEmpty()) return;
  if (const auto problem = exportCsv(path)) {
    QMessageBox::warning(this, tr("Export Metrics"),
                         tr("The metrics were not exported: %1").arg(errorText(*problem)));
  }
}

}  // namespace convstudio
