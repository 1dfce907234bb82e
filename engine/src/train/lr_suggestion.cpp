// The learning-rate finder's rules that need no tensors: which options make sense, and where
// the suggestions lie on a recorded curve. The two suggestions are fastai's `lr_find` rules
// (fastai/callback/schedule.py: `steep` and `valley`), written here from their description:
// both read the smoothed curve the dialog draws, without its first tenth (the loss has hardly
// moved) and its last five points (the loss is running away).

#include <algorithm>
#include <cmath>
#include <functional>

#include "convstudio/train/lr_finder.h"

namespace convstudio {
namespace {

constexpr std::size_t kFewestPoints = 10;
constexpr std::size_t kLastPointsLeftOut = 5;

// fastai `steep`: the point where the smoothed loss falls fastest against log(lr), by forward
// differences; nullopt when it never falls.
std::optional<std::size_t> steepest_fall(const std::vector<LrFinderPoint>& points, std::size_t from,
                                         std::size_t to) {
  std::optional<std::size_t> steepest;
  double steepest_slope = 0;
  for (std::size_t i = from; i + 1 < to; ++i) {
    const double run = std::log(points[i + 1].lr) - std::log(points[i].lr);
    if (!(run > 0)) continue;
    const double slope = (points[i + 1].smoothed_loss - points[i].smoothed_loss) / run;
    if (slope < steepest_slope) {
      steepest_slope = slope;
      steepest = i;
    }
  }
  return steepest;
}

// fastai `valley`: the longest run of ever lower losses (a strictly decreasing subsequence, so
// noise does not cut it short) ends at its lowest point; of the stretch of as many points
// before that end, the point a third plus a sixth of the way along (fastai's arithmetic: about
// half way, where the fall is still well under way and far from the diverging end).
std::optional<std::size_t> longest_valley(const std::vector<LrFinderPoint>& points,
                                          std::size_t from, std::size_t to) {
  // Patience sorting, O(n log n): tails[k] is the highest last loss of a decreasing run of k+1
  // points seen so far (the easiest to extend).
  std::vector<double> tails;
  std::size_t longest = 0;
  std::size_t end = from;
  for (std::size_t i = from; i < to; ++i) {
    const double loss = points[i].smoothed_loss;
    const auto place = std::lower_bound(tails.begin(), tails.end(), loss, std::greater<>());
    const auto length = static_cast<std::size_t>(place - tails.begin()) + 1;
    if (place == tails.end()) {
      tails.push_back(loss);
    } else {
      *place = loss;
    }
    if (length > longest) {  // the first point that reaches a new length, as fastai keeps it
      longest = length;
      end = i;
    }
  }
  if (longest < 2) return std::nullopt;
  const double sections = static_cast<double>(longest) / 3;
  const auto start = static_cast<std::ptrdiff_t>(end) - static_cast<std::ptrdiff_t>(longest);
  const std::ptrdiff_t index =
      start + static_cast<std::ptrdiff_t>(sections) + static_cast<std::ptrdiff_t>(sections / 2);
  return static_cast<std::size_t>(std::clamp<std::ptrdiff_t>(
      index, static_cast<std::ptrdiff_t>(from), static_cast<std::ptrdiff_t>(end)));
}

}  // namespace

LrSuggestions suggest_learning_rates(const std::vector<LrFinderPoint>& points) {
  LrSuggestions suggestions;
  // Up to the first loss that is not a number: the curve means nothing after it.
  const auto finite = std::find_if(points.begin(), points.end(), [](const LrFinderPoint& p) {
    return !std::isfinite(p.smoothed_loss) || !(p.lr > 0);
  });
  const auto n = static_cast<std::size_t>(finite - points.begin());
  if (n < kFewestPoints) return suggestions;
  const std::size_t from = n / 10;
  const std::size_t to = n - kLastPointsLeftOut;
  const auto at = [&](std::size_t index) {
    return LrSuggestion{points[index].lr, static_cast<std::int64_t>(index)};
  };
  if (const auto steepest = steepest_fall(points, from, to)) suggestions.steepest = at(*steepest);
  if (suggestions.steepest) {  // a curve that never falls has no valley either
    if (const auto valley = longest_valley(points, from, to)) suggestions.valley = at(*valley);
  }
  return suggestions;
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
