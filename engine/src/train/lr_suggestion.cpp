// The learning-rate finder's rules that need no tensors: which options make sense, and where
// the suggestion lies on a recorded curve.

#include <algorithm>
#include <cmath>

#include "convstudio/train/lr_finder.h"

namespace convstudio {
namespace {

// The raw losses averaged over a window centred on each point: unlike the running average the
// test stops on, it lags no steps behind the learning rate, so its steepest fall is where the
// loss really falls fastest.
std::vector<double> centred_average(const std::vector<LrFinderPoint>& points, std::size_t half) {
  const std::size_t n = points.size();
  std::vector<double> averages(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t from = i >= half ? i - half : 0;
    const std::size_t to = std::min(n - 1, i + half);
    double sum = 0;
    for (std::size_t j = from; j <= to; ++j) sum += points[j].loss;
    averages[i] = sum / static_cast<double>(to - from + 1);
  }
  return averages;
}

}  // namespace

std::optional<std::size_t> suggest_learning_rate(const std::vector<LrFinderPoint>& points) {
  constexpr std::size_t kFewestPoints = 10;
  const std::size_t n = points.size();
  if (n < kFewestPoints) return std::nullopt;
  // About 4% of the curve on each side: enough to average out batch-to-batch noise, little
  // enough to keep the shape (12 points of a 300-step test, a quarter of a decade).
  const std::size_t half = std::max<std::size_t>(2, n / 25);
  const std::vector<double> loss = centred_average(points, half);
  const auto lowest = static_cast<std::size_t>(
      std::distance(loss.begin(), std::min_element(loss.begin(), loss.end())));
  const std::size_t reach = std::max<std::size_t>(1, half / 2);
  std::optional<std::size_t> steepest;
  double steepest_slope = 0;
  for (std::size_t i = reach; i + reach < n && i <= lowest; ++i) {
    const double rise = loss[i + reach] - loss[i - reach];
    const double run = std::log(points[i + reach].lr) - std::log(points[i - reach].lr);
    if (run <= 0) continue;
    const double slope = rise / run;
    if (slope < steepest_slope) {
      steepest_slope = slope;
      steepest = i;
    }
  }
  return steepest;
}

std::optional<Error> check_lr_finder_options(const LrFinderOptions& options) {
  if (!(options.start_lr > 0) || !std::isfinite(options.start_lr)) {
    return Error::in_setting("lr_finder.start_lr", "the start learning rate must be above 0");
  }
  if (!(options.end_lr > options.start_lr) || !std::isfinite(options.end_lr)) {
    return Error::in_setting("lr_finder.end_lr",
                             "the end learning rate must be above the start learning rate");
  }
  constexpr std::int64_t kFewestSteps = 20;
  constexpr std::int64_t kMostSteps = 100000;
  if (options.steps < kFewestSteps || options.steps > kMostSteps) {
    return Error::in_setting("lr_finder.steps", "the test needs between " +
                                                    std::to_string(kFewestSteps) + " and " +
                                                    std::to_string(kMostSteps) + " steps");
  }
  if (!(options.smoothing >= 0 && options.smoothing < 1)) {
    return Error::in_setting("lr_finder.smoothing", "the smoothing must be in [0, 1)");
  }
  if (!(options.divergence_factor > 1)) {
    return Error::in_setting("lr_finder.divergence_factor",
                             "the divergence factor must be above 1");
  }
  return std::nullopt;
}

}  // namespace convstudio
