#pragma once
// Measures how late the UI thread serves a precise timer: the gap between consecutive ticks
// minus the interval. Late ticks are what a user feels as a stuck window.

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <vector>

namespace convstudio {

class TrainingLatencyProbe : public QObject {
 public:
  explicit TrainingLatencyProbe(int intervalMs = 4);

  void start();
  void stop();
  // Lateness in milliseconds at quantile q (0..1) of the ticks seen while running.
  double quantile(double q) const;
  double worst() const;
  std::size_t samples() const { return lateness_.size(); }

 private:
  QTimer timer_;
  QElapsedTimer clock_;
  qint64 last_ = -1;
  int intervalMs_;
  std::vector<double> lateness_;
};

}  // namespace convstudio
