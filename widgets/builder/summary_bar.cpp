#include "summary_bar.h"

#include <algorithm>

#include "convstudio/model/memory_estimator.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/units.h"
#include "device_capacity.h"
#include "graph_document.h"

namespace convstudio {
namespace {

QString countText(std::uint64_t n) {
  return QString::fromStdString(format_count(n));
}
QString bytes(std::uint64_t n) {
  return QString::fromStdString(format_bytes(n));
}
// A change of memory: "−45.2 MiB", "+3.1 MiB".
QString change(std::int64_t delta) {
  return (delta < 0 ? QStringLiteral("−") : QStringLiteral("+")) +
         bytes(static_cast<std::uint64_t>(delta < 0 ? -delta : delta));
}

// When the estimate's peak comes.
QString peakMoment(const MemoryEstimate& memory) {
  const QString block = QString::fromStdString(memory.peak_block);
  switch (memory.peak_phase) {
    case MemoryPhase::Forward:
      return SummaryBar::tr("forward of %1").arg(block);
    case MemoryPhase::Backward:
      return SummaryBar::tr("backward of %1").arg(block);
    case MemoryPhase::OptimizerStep:
      return SummaryBar::tr("the optimizer step");
  }
  return {};
}

// The estimate of the same graph recomputing nothing.
std::int64_t estimateWithoutRecompute(const Graph& graph, const TrainingSettings& training) {
  Graph plain = graph;
  for (const Block& block : graph.blocks()) {
    Block& copy = *plain.find_block(block.id);
    copy.recompute = false;
    copy.recompute_group.clear();
  }
  return MemoryEstimator::estimate(plain, ShapeInference::run(plain), training).total_bytes;
}

}  // namespace

SummaryBar::SummaryBar(GraphDocument* document, QWidget* parent)
    : QLabel(parent), document_(document) {
  setObjectName(QStringLiteral("summaryBar"));
  setContentsMargins(8, 3, 8, 3);
  setTextInteractionFlags(Qt::TextSelectableByMouse);
  // The line is long; it must not set the window's minimum width.
  setMinimumWidth(120);
  connect(document_, &GraphDocument::analysisChanged, this, &SummaryBar::refresh);
  connect(document_, &GraphDocument::settingsChanged, this, &SummaryBar::refresh);
  refresh();
}

void SummaryBar::setDevices(const DeviceReport& devices) {
  devices_ = devices;
  refresh();
}

void SummaryBar::setMeasuredMemory(std::int64_t peak, std::int64_t peakWithoutRecompute) {
  if (peak == measuredPeak_ && peakWithoutRecompute == measuredWithoutRecompute_) return;
  measuredPeak_ = peak;
  measuredWithoutRecompute_ = peakWithoutRecompute;
  refresh();
}

void SummaryBar::setProfileNote(const QString& note) {
  if (note == profileNote_) return;
  profileNote_ = note;
  refresh();
}

void SummaryBar::refresh() {
  const ModelAnalysis& analysis = document_->analysis();
  const TrainingSettings& training = document_->project().training;
  const Graph& graph = document_->project().graph;
  const MemoryEstimate memory = MemoryEstimator::estimate(graph, analysis, training);
  const DeviceCapacity device = deviceCapacity(devices_, training.device);
  exceeds_ = device.bytes > 0 && static_cast<std::uint64_t>(memory.total_bytes) > device.bytes;

  QStringList parts;
  const QString precision = QString::fromStdString(to_string(precision_of(training.amp)));
  parts << tr("Parameters: %1").arg(countText(analysis.total_params()))
        << tr("MACs: %1").arg(countText(analysis.total_macs()));
  if (measuredPeak_ > 0) {
    parts << tr("Training memory ≈ %1 (batch %2, %3; measured %4)")
                 .arg(bytes(memory.total_bytes))
                 .arg(training.batch_size)
                 .arg(precision, bytes(measuredPeak_));
  } else {
    parts << tr("Training memory ≈ %1 (batch %2, %3)")
                 .arg(bytes(memory.total_bytes))
                 .arg(training.batch_size)
                 .arg(precision);
  }
  // The estimate above already counts them (MemoryEstimator); say what they change.
  const auto recomputed = std::count_if(analysis.blocks.begin(), analysis.blocks.end(),
                                        [](const BlockAnalysis& block) { return block.recompute; });
  if (recomputed > 0) {
    const QString estimated =
        change(memory.total_bytes - estimateWithoutRecompute(graph, training));
    if (measuredWithoutRecompute_ > 0) {
      parts << tr("%n block(s) recomputed in backward: peak %1 estimated, %2 measured", "",
                  static_cast<int>(recomputed))
                   .arg(estimated, change(measuredPeak_ - measuredWithoutRecompute_));
    } else {
      parts << tr("%n block(s) recomputed in backward: peak %1 estimated", "",
                  static_cast<int>(recomputed))
                   .arg(estimated);
    }
  }
  if (device.bytes > 0) {
    parts << tr("%1 has %2").arg(device.name, bytes(device.bytes));
  }
  if (!analysis.ok()) {
    parts << tr("%n problem(s): figures cover the valid part only", "",
                static_cast<int>(analysis.errors.size()));
  }
  if (!profileNote_.isEmpty()) parts << profileNote_;
  setText(parts.join(QStringLiteral("   ·   ")));
  setToolTip(exceeds_
                 ? tr("The estimate exceeds the memory of %1: lower the batch size, use "
                      "mixed precision or gradient accumulation.")
                       .arg(device.name)
                 : tr("At the estimated peak, %7: weights %1, gradients %2, optimizer state %3, "
                      "saved activations %4, input batch %5, workspace %6.")
                       .arg(bytes(memory.weights_bytes), bytes(memory.gradients_bytes),
                            bytes(memory.optimizer_state_bytes), bytes(memory.activations_bytes),
                            bytes(memory.input_batch_bytes), bytes(memory.workspace_bytes),
                            peakMoment(memory)));
  // Setting a style sheet re-polishes the widget even when it is the same one: only on change.
  const QString style = exceeds_ ? QStringLiteral("QLabel { background: #f6d5a8; color: #7a3b00; }")
                                 : QStringLiteral("QLabel { background: palette(window); }");
  if (styleSheet() != style) setStyleSheet(style);
}

}  // namespace convstudio
