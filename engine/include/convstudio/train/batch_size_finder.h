#pragma once
// Finds the largest batch the chosen device holds with a safety margin, and the batch that
// trains fastest. Trial steps (forward, backward, optimizer step, in the project's precision and
// memory format) on synthetic batches of the model's input shape run at doubling batch sizes,
// then halve the gap to the first size that does not fit. On CUDA a size does not fit when it
// runs out of memory or its peak passes the device's memory less the margin; on the CPU when its
// measured peak (resident memory beyond what the model held before) passes the budget less the
// margin, and sizes the measured trials predict to pass it are not tried at all.
// Torch-free interface.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/project.h"

namespace convstudio {

struct BatchSizeFinderOptions {
  Project project;  // its device, precision, channels-last and optimizer
  std::int64_t start_batch = 8;
  std::int64_t max_batch = 4096;
  double safety_margin = 0.1;  // share of the memory kept free
  // CPU: the memory the trial steps may take; 0 = half of the memory available when it starts.
  std::uint64_t memory_budget_bytes = 0;
  // Per batch size, after one untimed warm-up step; more (up to 50) until 0.3 s have passed.
  std::int64_t timed_steps = 3;
};

struct BatchSizeTrial {
  std::int64_t batch_size = 0;
  bool out_of_memory = false;     // the device ran out of memory
  bool predicted = false;         // not run: the measured trials put it over the limit
  bool fits = false;              // ran, and its peak stayed within the limit
  std::uint64_t peak_bytes = 0;   // measured (or, when predicted, the prediction)
  double samples_per_second = 0;  // 0 unless it fits
};

struct BatchSizeResult {
  std::string device;
  std::uint64_t capacity_bytes = 0;    // CUDA: the device's memory; CPU: the budget
  std::uint64_t limit_bytes = 0;       // capacity less the safety margin
  std::vector<BatchSizeTrial> trials;  // in the order tried
  std::int64_t largest_batch = 0;      // 0: not even start_batch fits
  // largest_batch is max_batch, the search's upper limit: larger sizes were not tried, so it is
  // the largest tried that fits, not the largest the device holds.
  bool reached_limit = false;
  std::int64_t fastest_batch = 0;  // the fitting size with the most samples/s
  double fastest_samples_per_second = 0;
  bool cancelled = false;
  std::optional<Error> error;
};

// After every trial; returning false cancels.
using BatchSizeProgress = std::function<bool(const BatchSizeTrial& trial)>;

BatchSizeResult find_batch_size(const BatchSizeFinderOptions& options,
                                const BatchSizeProgress& progress = {});

}  // namespace convstudio
