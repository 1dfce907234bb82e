#include "training_latency_probe.h"

#include <algorithm>

namespace convstudio {

TrainingLatencyProbe::TrainingLatencyProbe(int intervalMs) : intervalMs_(intervalMs) {
  timer_.setTimerType(Qt::PreciseTimer);
  timer_.setInterval(intervalMs);
  connect(&timer_, &QTimer::timeout, this, [this] {
    const qint64 now = clock_.nsecsElapsed();
    if (last_ >= 0) {
      const double gapMs = static_cast<double>(now - last_) / 1e6;
      lateness_.push_back(std::max(0.0, gapMs - intervalMs_));
    }
    last_ = now;
  });
}

void TrainingLatencyProbe::start() {
  lateness_.clear();
  last_ = -1;
  clock_.start();
  timer_.start();
}

void TrainingLatencyProbe::stop() {
  timer_.stop();
}

double TrainingLatencyProbe::quantile(double q) const {
  if (lateness_.empty()) return 0;
  std::vector<double> sorted = lateness_;
  std::sort(sorted.begin(), sorted.end());
  const auto index = static_cast<std::size_t>(q * static_cast<double>(sorted.size() - 1));
  return sorted[index];
}

double TrainingLatencyProbe::worst() const {
  return lateness_.empty() ? 0 : *std::max_element(lateness_.begin(), lateness_.end());
}

}  // namespace convstudio
