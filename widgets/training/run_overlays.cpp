#include "run_overlays.h"

#include <cmath>
#include <iterator>

#include "live_chart.h"
#include "setting_text.h"

namespace convstudio {
namespace {

constexpr double kOverlayMiB = 1024.0 * 1024.0;

// Apart from the live run's blue and orange, and from each other for the common colour-vision
// deficiencies (Okabe–Ito), with black and grey for the fifth and sixth.
const QColor kOverlayColors[] = {QColor(0, 0, 0),     QColor(204, 121, 167), QColor(0, 158, 115),
                                 QColor(213, 94, 0),  QColor(120, 120, 120), QColor(240, 228, 66),
                                 QColor(86, 180, 233)};

}  // namespace

RunOverlays::RunOverlays(LiveChart* loss, LiveChart* accuracy, LiveChart* memory)
    : loss_{loss, loss->curveCount()},
      accuracy_{accuracy, accuracy->curveCount()},
      memory_{memory, memory->curveCount()} {}

bool RunOverlays::isOverlay(const LiveChart* chart, int curve) const {
  for (const Target* target : {&loss_, &accuracy_, &memory_}) {
    if (target->chart == chart) return curve >= target->first;
  }
  return false;
}

QString RunOverlays::runName(const RecordedRun& run) {
  return run.label.empty() ? QString::fromStdString(run.name) : sweepLabelText(run.label);
}

void RunOverlays::set(const std::vector<RecordedRun>& runs, double smoothing) {
  runs_ = runs;
  for (const Target* target : {&loss_, &accuracy_, &memory_}) {
    target->chart->removeCurvesFrom(target->first);
  }
  int index = 0;
  for (const RecordedRun& run : runs_) {
    const QColor color = kOverlayColors[index++ % std::size(kOverlayColors)];
    const QString name = runName(run);
    std::vector<double> keys, losses;
    keys.reserve(run.steps.size());
    losses.reserve(run.steps.size());
    // A run on a GPU is compared by what its allocator held at its peak, a CPU run by the
    // process's resident memory: the figures each memory chart shows for its own run.
    constexpr std::size_t kPeak = metric_index("memory_peak");
    constexpr std::size_t kResident = metric_index("resident");
    bool cuda = false;
    for (const RecordedStep& step : run.steps) cuda = cuda || step.value(kPeak) > 0;
    const int memory = memory_.chart->addCurve(name, color);
    for (const RecordedStep& step : run.steps) {
      keys.push_back(static_cast<double>(step.step()));
      losses.push_back(step.value(metric_index("loss")));
      const double bytes = step.value(cuda ? kPeak : kResident);
      memory_.chart->append(memory, keys.back(), bytes / kOverlayMiB);
    }
    drawSmoothed(loss_.chart, loss_.chart->addCurve(name, color), keys, losses, smoothing);
    const int accuracy = accuracy_.chart->addCurve(name, color, LiveChart::Style::Points);
    for (const RecordedEpoch& epoch : run.epochs) {
      accuracy_.chart->append(accuracy, static_cast<double>(epoch.step), epoch.val_accuracy * 100);
    }
  }
  for (const Target* target : {&loss_, &accuracy_, &memory_}) target->chart->resetView();
}

void RunOverlays::resmooth(double smoothing) {
  set(std::vector<RecordedRun>(runs_), smoothing);
}

void RunOverlays::drawSmoothed(LiveChart* chart, int curve, const std::vector<double>& keys,
                               const std::vector<double>& values, double smoothing) {
  chart->clearCurve(curve);
  double ema = 0;
  std::int64_t n = 0;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (std::isfinite(values[i])) {
      ema = smoothing * ema + (1 - smoothing) * values[i];
      ++n;
    }
    const double debias = 1 - std::pow(smoothing, static_cast<double>(n));
    chart->append(curve, keys[i], n > 0 && debias > 0 ? ema / debias : std::nan(""));
  }
}

}  // namespace convstudio
