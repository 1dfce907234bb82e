#include "metric_series.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace convstudio {
namespace {

constexpr double kNoMin = std::numeric_limits<double>::infinity();
constexpr double kNoMax = -std::numeric_limits<double>::infinity();

}  // namespace

void MetricSeries::include(std::vector<Extent>& blocks, std::size_t index, double value) {
  if (index == blocks.size()) blocks.push_back({kNoMin, kNoMax});
  if (!std::isfinite(value)) return;
  Extent& e = blocks[index];
  e.min = std::min(e.min, value);
  e.max = std::max(e.max, value);
}

void MetricSeries::append(double key, double value) {
  const std::size_t index = keys_.size();
  keys_.push_back(key);
  values_.push_back(value);
  include(small_, index / kSmallBlock, value);
  include(large_, index / kLargeBlock, value);
  if (std::isfinite(value)) {
    min_ = hasFinite_ ? std::min(min_, value) : value;
    max_ = hasFinite_ ? std::max(max_, value) : value;
    hasFinite_ = true;
  }
}

void MetricSeries::clear() {
  keys_.clear();
  values_.clear();
  small_.clear();
  large_.clear();
  hasFinite_ = false;
}

QCPRange MetricSeries::keyRange(bool& found) const {
  found = !keys_.empty();
  return found ? QCPRange(keys_.front(), keys_.back()) : QCPRange();
}

QCPRange MetricSeries::valueRange(bool& found) const {
  found = hasFinite_;
  return found ? QCPRange(min_, max_) : QCPRange();
}

std::size_t MetricSeries::lowerIndex(double key) const {
  return static_cast<std::size_t>(std::lower_bound(keys_.begin(), keys_.end(), key) -
                                  keys_.begin());
}

MetricSeries::Extent MetricSeries::extentOf(std::size_t begin, std::size_t end) const {
  Extent e{kNoMin, kNoMax};
  const auto take = [&e](const Extent& other) {
    e.min = std::min(e.min, other.min);
    e.max = std::max(e.max, other.max);
  };
  std::size_t i = begin;
  // Walk raw samples up to a block boundary, then whole blocks (large ones where they fit),
  // then the raw tail: at most ~2 * 64 raw samples and a few block reads per bucket.
  while (i < end) {
    if (i % kLargeBlock == 0 && i + kLargeBlock <= end) {
      take(large_[i / kLargeBlock]);
      i += kLargeBlock;
    } else if (i % kSmallBlock == 0 && i + kSmallBlock <= end) {
      take(small_[i / kSmallBlock]);
      i += kSmallBlock;
    } else {
      const double v = values_[i];
      if (std::isfinite(v)) take({v, v});
      ++i;
    }
  }
  return e;
}

void MetricSeries::decimate(double lower, double upper, int buckets,
                            QVector<QCPGraphData>& out) const {
  out.clear();
  if (keys_.empty() || buckets < 1) return;
  // One sample beyond each end keeps the line running to the plot's edges.
  std::size_t begin = lowerIndex(lower);
  if (begin > 0) --begin;
  std::size_t end =
      static_cast<std::size_t>(std::upper_bound(keys_.begin(), keys_.end(), upper) - keys_.begin());
  if (end < keys_.size()) ++end;
  const std::size_t count = end - begin;
  const auto wanted = static_cast<std::size_t>(buckets);
  if (count <= 2 * wanted) {
    out.reserve(static_cast<qsizetype>(count));
    for (std::size_t i = begin; i < end; ++i) {
      if (std::isfinite(values_[i])) out.append(QCPGraphData(keys_[i], values_[i]));
    }
    return;
  }
  const std::size_t perBucket = (count + wanted - 1) / wanted;
  out.reserve(static_cast<qsizetype>(2 * wanted + 2));
  for (std::size_t b = begin; b < end; b += perBucket) {
    const std::size_t bucketEnd = std::min(end, b + perBucket);
    const Extent e = extentOf(b, bucketEnd);
    if (e.min > e.max) continue;  // nothing finite in this bucket
    out.append(QCPGraphData(keys_[b], e.min));
    if (e.max > e.min) out.append(QCPGraphData(keys_[b], e.max));
  }
}

}  // namespace convstudio
