#pragma once
// One plotted metric kept at full resolution, with min/max summaries over fixed blocks of
// samples, so a view of any range can be decimated to a few points per pixel without scanning
// every sample (a million-step loss curve redraws in well under a millisecond).

#include <QVector>

#include <cstddef>
#include <vector>

#include <qcustomplot.h>

namespace convstudio {

class MetricSeries {
 public:
  // Keys must not decrease (steps, epochs). Non-finite values are kept (the CSV shows them) but
  // left out of ranges and decimated views.
  void append(double key, double value);
  void clear();

  std::size_t size() const { return keys_.size(); }
  bool empty() const { return keys_.empty(); }
  const std::vector<double>& keys() const { return keys_; }
  const std::vector<double>& values() const { return values_; }

  // Range of all keys, and of all finite values; `found` is false when there are none.
  QCPRange keyRange(bool& found) const;
  QCPRange valueRange(bool& found) const;
  // The first index whose key is >= key.
  std::size_t lowerIndex(double key) const;

  // Points to draw for keys in [lower, upper]: every point (plus one beyond each end, so the
  // line reaches the edges) when there are at most 2 * buckets of them, otherwise each of about
  // `buckets` index buckets as its minimum and maximum at the bucket's first key.
  void decimate(double lower, double upper, int buckets, QVector<QCPGraphData>& out) const;

 private:
  struct Extent {
    double min;
    double max;
  };
  static constexpr std::size_t kSmallBlock = 64;
  static constexpr std::size_t kLargeBlock = kSmallBlock * 64;

  Extent extentOf(std::size_t begin, std::size_t end) const;
  static void include(std::vector<Extent>& blocks, std::size_t index, double value);

  std::vector<double> keys_;
  std::vector<double> values_;
  std::vector<Extent> small_;  // per kSmallBlock samples
  std::vector<Extent> large_;  // per kLargeBlock samples
  double min_ = 0;
  double max_ = 0;
  bool hasFinite_ = false;
};

}  // namespace convstudio
