#include "training_charts.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSlider>
#include <QTextStream>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <utility>

#include "live_chart.h"
#include "run_overlays.h"

namespace convstudio {
namespace {

constexpr double kMiB = 1024.0 * 1024.0;

// Colours that stay apart for viewers with the common colour-vision deficiencies.
const QColor kBlue(0, 114, 178);
const QColor kLightBlue(86, 180, 233, 150);
const QColor kOrange(230, 159, 0);
const QColor kGreen(0, 158, 115);
const QColor kRed(213, 94, 0);
const QColor kPurple(204, 121, 167);

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
  smoothingSlider_->setMaximumWidth(200);
  smoothingSlider_->setMinimumWidth(60);
  smoothingSlider_->setToolTip(
      tr("Weight of the exponential moving average drawn over the raw loss"));
  toolbar->addWidget(smoothingSlider_);
  smoothingValue_ = new QLabel(this);
  smoothingValue_->setMinimumWidth(32);
  toolbar->addWidget(smoothingValue_);
  toolbar->addStretch();
  auto* reset = new QPushButton(tr("Reset Views"), this);
  reset->setToolTip(tr("Follow the data again after zooming or panning (or double-click a chart)"));
  toolbar->addWidget(reset);
  auto* csv = new QPushButton(tr("Export CSV…"), this);
  csv->setToolTip(tr("Every step's and epoch's metrics of this run as a CSV file"));
  toolbar->addWidget(csv);

  auto* grid = new QGridLayout;
  grid_ = grid;
  grid->setSpacing(2);
  grid->addWidget(loss_, 0, 0, 2, 1);
  grid->addWidget(accuracy_, 0, 1);
  grid->addWidget(lr_, 1, 1);
  grid->addWidget(memory_, 0, 2);
  grid->addWidget(throughput_, 1, 2);
  grid->addWidget(scale_, 0, 3, 2, 1);
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
  loss_ = new LiveChart(tr("Loss"), this);
  rawLoss_ = loss_->addCurve(tr("loss (step)"), kLightBlue);
  smoothLoss_ = loss_->addCurve(tr("smoothed"), kBlue);
  valLoss_ = loss_->addCurve(tr("validation (epoch)"), kOrange, Style::Points);
  // fp16 steps the loss scaler threw away (inf/NaN gradients): their loss taught nothing.
  skippedLoss_ = loss_->addCurve(tr("skipped step"), kRed, Style::Markers);
  loss_->graphOf(skippedLoss_)
      ->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, kRed, kRed, 7));
  // Shown and named once a step is skipped.
  loss_->graphOf(skippedLoss_)->setVisible(false);
  loss_->graphOf(skippedLoss_)->removeFromLegend();

  accuracy_ = new LiveChart(tr("Accuracy (%)"), this);
  accuracy_->setValueLimits(0, 100, 10);
  trainAcc_ = accuracy_->addCurve(tr("training"), kBlue, Style::Points);
  valAcc_ = accuracy_->addCurve(tr("validation"), kOrange, Style::Points);

  lr_ = new LiveChart(tr("Learning rate"), this);
  lrCurve_ = lr_->addCurve(tr("learning rate"), kGreen);
  lr_->setLegendWanted(false);

  memory_ = new LiveChart(tr("Memory (MiB)"), this);
  allocated_ = memory_->addCurve(tr("CUDA allocated"), kBlue);
  reserved_ = memory_->addCurve(tr("CUDA reserved"), kOrange);
  peak_ = memory_->addCurve(tr("CUDA peak allocated"), kRed);
  resident_ = memory_->addCurve(tr("process resident"), kGreen);
  peakResident_ = memory_->addCurve(tr("process peak"), kRed);

  throughput_ = new LiveChart(tr("Samples/s"), this);  // short: the chart can be narrow
  samplesPerSecond_ = throughput_->addCurve(tr("samples/s"), kPurple);
  throughput_->setLegendWanted(false);

  scale_ = new LiveChart(tr("fp16 loss scale"), this);
  scale_->yAxis->setScaleType(QCPAxis::stLogarithmic);
  scale_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
  lossScale_ = scale_->addCurve(tr("loss scale"), kBlue);
  skipped_ = scale_->addCurve(tr("skipped steps"), kRed, Style::Line, LiveChart::Axis::Right);
  scaleGrowth_ = scale_->addCurve(tr("scale grew"), kGreen, Style::Markers);
  scale_->graphOf(scaleGrowth_)
      ->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, kGreen, kGreen, 7));
  scaleBackoff_ = scale_->addCurve(tr("scale backed off"), kRed, Style::Markers);
  scale_->graphOf(scaleBackoff_)
      ->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, kRed, kRed, 7));

  for (LiveChart* chart : charts()) chart->xAxis->setLabel(tr("step"));
  overlays_ = std::make_unique<RunOverlays>(loss_, accuracy_, memory_);
  showMemoryOf(false);  // until a run on a GPU starts
}

void TrainingCharts::showMemoryOf(bool cuda) {
  // On a GPU the allocator's figures matter; on the CPU only the process's.
  for (int curve : {allocated_, reserved_, peak_}) memory_->setCurveVisible(curve, cuda);
  for (int curve : {resident_, peakResident_}) memory_->setCurveVisible(curve, !cuda);
}

void TrainingCharts::showScaleChart(bool show) {
  // The hidden chart's column gives its room to the others.
  scale_->setVisible(show);
  grid_->setColumnStretch(3, show ? 2 : 0);
}

QList<LiveChart*> TrainingCharts::charts() const {
  return {loss_, accuracy_, lr_, memory_, throughput_, scale_};
}

void TrainingCharts::beginRun(const TrainingSettings& settings) {
  for (LiveChart* chart : charts()) {
    // Overlays belong to the runs list, not to the run.
    for (int i = 0; i < chart->curveCount(); ++i) {
      if (!overlays_->isOverlay(chart, i)) chart->clearCurve(i);
    }
    chart->resetView();
  }
  showScaleChart(settings.amp == AmpMode::Fp16);
  loss_->graphOf(skippedLoss_)->setVisible(false);
  loss_->graphOf(skippedLoss_)->removeFromLegend();
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
  epochsByStep_.clear();
  continued_.reset();
}

void TrainingCharts::continueRun(RecordedRun earlier) {
  continued_ = std::move(earlier);
}

void TrainingCharts::addStep(const StepMetrics& step) {
  if (continued_) {
    // Only what came before this step: a crash may have left steps after the checkpoint.
    RecordedRun earlier = *std::exchange(continued_, std::nullopt);
    std::erase_if(earlier.steps, [&step](const RecordedStep& s) { return s.step >= step.step; });
    std::erase_if(earlier.epochs, [&step](const RecordedEpoch& e) { return e.step >= step.step; });
    showRecordedRun(earlier);
  }
  const auto x = static_cast<double>(step.step);
  lastStep_ = step.step;
  // Every chart spans the run so far, so an accuracy point per epoch sits at its step.
  for (LiveChart* chart : charts()) chart->setKeyRangeHint(0, x);
  loss_->append(rawLoss_, x, step.loss);
  if (std::isfinite(step.loss)) {
    ema_ = smoothing_ * ema_ + (1 - smoothing_) * step.loss;
    ++emaCount_;
  }
  const double debias = 1 - std::pow(smoothing_, static_cast<double>(emaCount_));
  loss_->append(smoothLoss_, x, emaCount_ > 0 && debias > 0 ? ema_ / debias : qQNaN());
  lr_->append(lrCurve_, x, step.lr);
  throughput_->append(samplesPerSecond_, x, step.samples_per_second);

  const MemorySnapshot& m = step.memory;
  if (!memoryKindKnown_) {
    memoryKindKnown_ = true;
    showMemoryOf(m.is_cuda);
  }
  memory_->append(allocated_, x, static_cast<double>(m.allocated_bytes) / kMiB);
  memory_->append(reserved_, x, static_cast<double>(m.reserved_bytes) / kMiB);
  memory_->append(peak_, x, static_cast<double>(m.peak_allocated_bytes) / kMiB);
  memory_->append(resident_, x, static_cast<double>(m.resident_bytes) / kMiB);
  memory_->append(peakResident_, x, static_cast<double>(m.peak_resident_bytes) / kMiB);

  scale_->append(lossScale_, x, step.loss_scale);
  scale_->append(skipped_, x, static_cast<double>(step.skipped_steps));
  if (step.skipped) {
    loss_->append(skippedLoss_, x, step.loss);
    loss_->graphOf(skippedLoss_)->setVisible(true);
    loss_->graphOf(skippedLoss_)->addToLegend();  // no-op when already there
  }
  if (step.loss_scale_change > 0) scale_->append(scaleGrowth_, x, step.loss_scale);
  if (step.loss_scale_change < 0) scale_->append(scaleBackoff_, x, step.loss_scale);
  if (step.loss_scale != 1.0 && scale_->isHidden()) showScaleChart(true);
}

void TrainingCharts::addEpoch(const EpochMetrics& epoch) {
  addEpochAt(lastStep_, epoch);
}

void TrainingCharts::showRecordedRun(const RecordedRun& run) {
  std::uint64_t peakResident = 0;  // not recorded; the running maximum is the same figure
  for (const RecordedStep& recorded : run.steps) {
    StepMetrics step;
    step.step = recorded.step;
    step.loss = recorded.loss;
    step.lr = recorded.lr;
    step.samples_per_second = recorded.samples_per_second;
    step.memory.is_cuda = recorded.memory_allocated_bytes > 0 || recorded.memory_reserved_bytes > 0;
    step.memory.allocated_bytes = recorded.memory_allocated_bytes;
    step.memory.reserved_bytes = recorded.memory_reserved_bytes;
    step.memory.peak_allocated_bytes = recorded.memory_peak_bytes;
    step.memory.resident_bytes = recorded.resident_bytes;
    peakResident = std::max(peakResident, recorded.resident_bytes);
    step.memory.peak_resident_bytes = peakResident;
    addStep(step);
  }
  for (const RecordedEpoch& recorded : run.epochs) {
    EpochMetrics epoch;
    epoch.epoch = recorded.epoch;
    epoch.train_loss = recorded.train_loss;
    epoch.train_accuracy = recorded.train_accuracy;
    epoch.val_loss = recorded.val_loss;
    epoch.val_accuracy = recorded.val_accuracy;
    addEpochAt(recorded.step, epoch);
  }
  resetViews();
}

void TrainingCharts::addEpochAt(std::int64_t step, const EpochMetrics& epoch) {
  const auto x = static_cast<double>(step);
  loss_->append(valLoss_, x, epoch.val_loss);
  accuracy_->append(trainAcc_, x, epoch.train_accuracy * 100);
  accuracy_->append(valAcc_, x, epoch.val_accuracy * 100);
  EpochMetrics kept = epoch;
  kept.confusion.clear();
  kept.misclassified.clear();
  epochsByStep_[step] = std::move(kept);
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
  const MetricSeries& raw = loss_->series(rawLoss_);
  RunOverlays::drawSmoothed(loss_, smoothLoss_, raw.keys(), raw.values(), smoothing_);
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

std::size_t TrainingCharts::stepCount() const {
  return loss_->series(rawLoss_).size();
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
  redrawTimer_->setInterval(redrawIntervalForCost(redrawCostMs_));
}

int TrainingCharts::redrawIntervalForCost(double costMs) {
  const auto budgeted = static_cast<int>(std::ceil(costMs / kRedrawCpuShare));
  return std::clamp(budgeted, kRedrawIntervalMs, kSlowestRedrawIntervalMs);
}

int TrainingCharts::redrawIntervalMs() const {
  return redrawTimer_->interval();
}

void TrainingCharts::resetViews() {
  for (LiveChart* chart : charts()) chart->resetView();
}

bool TrainingCharts::exportCsv(const QString& path) const {
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Text | QIODevice::Truncate)) return false;
  QTextStream out(&file);
  out << "step,loss,smoothed_loss,lr,samples_per_second,cuda_allocated_mib,cuda_reserved_mib,"
         "cuda_peak_allocated_mib,resident_mib,peak_resident_mib,loss_scale,skipped_steps,"
         "epoch,train_loss,train_accuracy,val_loss,val_accuracy\n";
  const auto column = [](const LiveChart* chart, int curve, std::size_t i) {
    const MetricSeries& s = chart->series(curve);
    return i < s.size() ? QString::number(s.values()[i], 'g', 8) : QString();
  };
  const MetricSeries& raw = loss_->series(rawLoss_);
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const auto step = static_cast<std::int64_t>(raw.keys()[i]);
    out << step << ',' << column(loss_, rawLoss_, i) << ',' << column(loss_, smoothLoss_, i) << ','
        << column(lr_, lrCurve_, i) << ',' << column(throughput_, samplesPerSecond_, i);
    for (int curve : {allocated_, reserved_, peak_, resident_, peakResident_}) {
      out << ',' << column(memory_, curve, i);
    }
    out << ',' << column(scale_, lossScale_, i) << ',' << column(scale_, skipped_, i);
    const auto epoch = epochsByStep_.find(step);
    if (epoch != epochsByStep_.end()) {
      const EpochMetrics& e = epoch->second;
      out << ',' << e.epoch << ',' << e.train_loss << ',' << e.train_accuracy << ',' << e.val_loss
          << ',' << e.val_accuracy;
    } else {
      out << ",,,,,";
    }
    out << '\n';
  }
  out.flush();
  return file.error() == QFile::NoError;
}

void TrainingCharts::exportCsvInteractively() {
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export Metrics"), QStringLiteral("metrics.csv"), tr("CSV file (*.csv)"));
  if (path.isEmpty()) return;
  if (!exportCsv(path)) {
    QMessageBox::warning(this, tr("Export Metrics"), tr("Could not write %1.").arg(path));
  }
}

}  // namespace convstudio
