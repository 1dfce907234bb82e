#include "batch_size_search.h"

#include <algorithm>
#include <cmath>

namespace convstudio {
namespace {

constexpr std::int64_t kGranularity = 8;  // tensor cores and SIMD lanes like multiples of 8

std::int64_t round_down(std::int64_t value, std::int64_t step) {
  return value / step * step;
}

}  // namespace

BatchSizeSearch::BatchSizeSearch(std::int64_t start_batch, std::int64_t max_batch,
                                 std::uint64_t limit_bytes, bool predict_memory)
    : start_batch_(std::max<std::int64_t>(1, start_batch)),
      max_batch_(std::max(max_batch, start_batch)),
      limit_bytes_(limit_bytes),
      predict_memory_(predict_memory) {}

std::optional<std::uint64_t> BatchSizeSearch::predicted_bytes(std::int64_t batch_size) const {
  if (fitting_.empty()) return std::nullopt;
  const BatchSizeTrial& last = fitting_.back();
  double slope = static_cast<double>(last.peak_bytes) / static_cast<double>(last.batch_size);
  if (fitting_.size() >= 2) {
    const BatchSizeTrial& before = fitting_[fitting_.size() - 2];
    const double rise =
        static_cast<double>(last.peak_bytes) - static_cast<double>(before.peak_bytes);
    // A measurement whose noise makes memory shrink with the batch predicts nothing; the line
    // through the origin is then the cautious guess.
    if (rise > 0) slope = rise / static_cast<double>(last.batch_size - before.batch_size);
  }
  const double bytes = static_cast<double>(last.peak_bytes) +
                       slope * static_cast<double>(batch_size - last.batch_size);
  return static_cast<std::uint64_t>(std::max(0.0, std::ceil(bytes)));
}

bool BatchSizeSearch::attempt(std::int64_t batch_size, const RunTrial& run_trial,
                              const BatchSizeProgress& progress, BatchSizeResult& result,
                              bool& fits) {
  BatchSizeTrial trial;
  const std::optional<std::uint64_t> predicted =
      predict_memory_ ? predicted_bytes(batch_size) : std::nullopt;
  if (predicted && *predicted > limit_bytes_) {
    trial.batch_size = batch_size;
    trial.predicted = true;
    trial.peak_bytes = *predicted;
  } else {
    trial = run_trial(batch_size);
    trial.batch_size = batch_size;
    trial.fits = !trial.out_of_memory && trial.peak_bytes <= limit_bytes_;
    if (!trial.fits) trial.samples_per_second = 0;
  }
  fits = trial.fits;
  if (fits) {
    fitting_.push_back(trial);
    std::sort(fitting_.begin(), fitting_.end(),
              [](const auto& a, const auto& b) { return a.batch_size < b.batch_size; });
  }
  result.trials.push_back(trial);
  if (progress && !progress(trial)) {
    result.cancelled = true;
    return false;
  }
  return true;
}

namespace {

// The fitting trial with the most samples per second becomes the result's fastest.
void note_fastest_trial(BatchSizeResult& result) {
  for (const BatchSizeTrial& trial : result.trials) {
    if (trial.fits && trial.samples_per_second > result.fastest_samples_per_second) {
      result.fastest_samples_per_second = trial.samples_per_second;
      result.fastest_batch = trial.batch_size;
    }
  }
}

}  // namespace

void BatchSizeSearch::run(const RunTrial& run_trial, const BatchSizeProgress& progress,
                          BatchSizeResult& result) {
  std::int64_t good = 0;  // the largest size that fits so far
  std::int64_t bad = 0;   // the smallest size that does not; 0 = none yet
  for (std::int64_t size = start_batch_;; size = std::min(size * 2, max_batch_)) {
    bool fits = false;
    if (!attempt(size, run_trial, progress, result, fits)) break;
    if (!fits) {
      bad = size;
      break;
    }
    good = size;
    if (size >= max_batch_) break;
  }
  // Halve the gap between the last size that fit and the first that did not.
  while (!result.cancelled && good > 0 && bad > good) {
    const std::int64_t step = good >= kGranularity ? kGranularity : 1;
    const std::int64_t middle = round_down(good + (bad - good) / 2, step);
    if (middle <= good || middle >= bad) break;
    bool fits = false;
    if (!attempt(middle, run_trial, progress, result, fits)) break;
    (fits ? good : bad) = middle;
  }
  result.largest_batch = good;
  result.reached_limit = good > 0 && good >= max_batch_;
  note_fastest_trial(result);
}

}  // namespace convstudio
