#include "export/int8/activation_statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace convstudio {
namespace {

ActivationRange clamped(float low, float high, float min, float max) {
  return {std::max(low, min), std::min(high, max)};
}

// Zero bins get a little mass taken evenly from the others, so KL(P || Q) stays finite
// (onnxruntime's smooth_distribution, eps 1e-4). Empty when every bin is zero.
std::vector<double> smoothed(std::vector<double> counts) {
  constexpr double kEps = 1e-4;
  const auto zeros = std::count(counts.begin(), counts.end(), 0.0);
  const auto nonzeros = static_cast<std::int64_t>(counts.size()) - zeros;
  if (nonzeros == 0) return {};
  const double taken = kEps * static_cast<double>(zeros) / static_cast<double>(nonzeros);
  for (double& count : counts) count += count == 0 ? kEps : -taken;
  return counts;
}

double kl_divergence(const std::vector<double>& p, const std::vector<double>& q) {
  const double p_total = std::accumulate(p.begin(), p.end(), 0.0);
  const double q_total = std::accumulate(q.begin(), q.end(), 0.0);
  double sum = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const double pi = p[i] / p_total;
    const double qi = q[i] / q_total;
    if (pi > 0) sum += pi * std::log(pi / qi);
  }
  return sum;
}

// KL(P || Q) for the window [start, end) of `hist`, as the header describes.
double window_divergence(const std::vector<double>& hist, std::size_t start, std::size_t end,
                         int quantized_bins) {
  const std::vector<double> sliced(hist.begin() + start, hist.begin() + end);
  std::vector<double> p = sliced;
  p.front() += std::accumulate(hist.begin(), hist.begin() + start, 0.0);
  p.back() += std::accumulate(hist.begin() + end, hist.end(), 0.0);

  const std::size_t levels = static_cast<std::size_t>(quantized_bins);
  const std::size_t merged = sliced.size() / levels;
  std::vector<double> q(p.size(), 0.0);
  for (std::size_t level = 0; level < levels; ++level) {
    const std::size_t first = level * merged;
    // The last level also takes the bins the even split leaves over.
    const std::size_t last = level + 1 == levels ? sliced.size() : first + merged;
    const double mass = std::accumulate(sliced.begin() + first, sliced.begin() + last, 0.0);
    // Spread over the level's own `merged` bins (the left-over ones stay empty in Q, as in
    // onnxruntime), on those where P is not empty.
    std::size_t nonzero = 0;
    for (std::size_t i = first; i < first + merged; ++i) nonzero += p[i] != 0 ? 1 : 0;
    // onnxruntime stores Q as integers (truncating mass / nonzero); TensorRT's definition and
    // ours keep the fraction.
    if (nonzero == 0) continue;
    for (std::size_t i = first; i < first + merged; ++i) {
      if (p[i] != 0) q[i] = mass / static_cast<double>(nonzero);
    }
  }
  const std::vector<double> ps = smoothed(p);
  const std::vector<double> qs = smoothed(q);
  if (ps.empty() || qs.empty()) return std::numeric_limits<double>::infinity();
  return kl_divergence(ps, qs);
}

}  // namespace

void ActivationStatistics::observe_range(const torch::Tensor& values) {
  if (values.numel() == 0) return;
  const torch::Tensor flat = values.detach().to(torch::kCPU, torch::kFloat);
  const float low = flat.min().item<float>();
  const float high = flat.max().item<float>();
  min_ = seen_ ? std::min(min_, low) : low;
  max_ = seen_ ? std::max(max_, high) : high;
  seen_ = true;
}

void ActivationStatistics::observe_histogram(const torch::Tensor& values) {
  if (!seen_ || values.numel() == 0) return;
  const float threshold = std::max(std::abs(min_), std::abs(max_));
  if (threshold == 0) return;
  const torch::Tensor counts =
      torch::histc(values.detach().to(torch::kCPU, torch::kFloat).flatten(), kHistogramBins,
                   -threshold, threshold)
          .to(torch::kDouble)
          .contiguous();
  if (counts_.empty()) counts_.assign(kHistogramBins, 0.0);
  const double* data = counts.data_ptr<double>();
  for (int i = 0; i < kHistogramBins; ++i) counts_[i] += data[i];
}

ActivationRange ActivationStatistics::range(CalibrationMethod method, double percentile) const {
  if (method == CalibrationMethod::MinMax || counts_.empty()) return {min_, max_};
  const float threshold = std::max(std::abs(min_), std::abs(max_));
  ValueHistogram histogram{counts_, std::vector<float>(counts_.size() + 1)};
  const float width = 2 * threshold / static_cast<float>(counts_.size());
  for (std::size_t i = 0; i < histogram.edges.size(); ++i) {
    histogram.edges[i] = -threshold + width * static_cast<float>(i);
  }
  if (method == CalibrationMethod::Percentile) {
    return percentile_range(histogram, min_, max_, percentile);
  }
  return entropy_range(histogram, min_, max_, kQuantizedBins);
}

ActivationRange percentile_range(const ValueHistogram& histogram, float min, float max,
                                 double percentile) {
  const double total = std::accumulate(histogram.counts.begin(), histogram.counts.end(), 0.0);
  if (total <= 0) return {min, max};
  const double cut = (100.0 - percentile) / 200.0;
  // The first bin whose cumulative share reaches `share` (numpy's searchsorted, side left).
  auto first_reaching = [&](double share) {
    double cumulative = 0;
    for (std::size_t i = 0; i < histogram.counts.size(); ++i) {
      cumulative += histogram.counts[i] / total;
      if (cumulative >= share) return i;
    }
    return histogram.counts.size();
  };
  return clamped(histogram.edges[first_reaching(cut)], histogram.edges[first_reaching(1.0 - cut)],
                 min, max);
}

ActivationRange entropy_range(const ValueHistogram& histogram, float min, float max,
                              int quantized_bins) {
  const std::size_t bins = histogram.counts.size();
  const std::size_t centre = bins / 2;
  const std::size_t half = static_cast<std::size_t>(quantized_bins) / 2;
  if (bins < static_cast<std::size_t>(quantized_bins)) return {min, max};
  double best = std::numeric_limits<double>::infinity();
  ActivationRange chosen{min, max};
  for (std::size_t i = half; i <= centre; ++i) {
    const std::size_t start = centre - i;
    const std::size_t end = std::min(centre + i + 1, bins);
    const double divergence = window_divergence(histogram.counts, start, end, quantized_bins);
    if (divergence < best) {
      best = divergence;
      chosen = {histogram.edges[start], histogram.edges[end]};
    }
  }
  return clamped(chosen.low, chosen.high, min, max);
}

}  // namespace convstudio
