#pragma once
// The batch-size finder's search, apart from the steps it runs: doubling batch sizes until one
// does not fit, then halving the gap to it (in multiples of 8 once the sizes allow), with an
// optional prediction that spares the trials certain to pass the memory limit. Internal;
// plain data, so tests can drive it with made-up trials.

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "convstudio/train/batch_size_finder.h"

namespace convstudio {

class BatchSizeSearch {
 public:
  using RunTrial = std::function<BatchSizeTrial(std::int64_t batch_size)>;

  BatchSizeSearch(std::int64_t start_batch, std::int64_t max_batch, std::uint64_t limit_bytes,
                  bool predict_memory);

  // Runs the search; `progress` may cancel after any trial. Fills trials, largest, fastest.
  void run(const RunTrial& run_trial, const BatchSizeProgress& progress, BatchSizeResult& result);

  // The memory `batch_size` needs by a straight line through the two largest fitting trials
  // (through the origin with one); nullopt before any.
  std::optional<std::uint64_t> predicted_bytes(std::int64_t batch_size) const;

 private:
  // Tries (or predicts) one size; false when the search must stop (cancelled).
  bool attempt(std::int64_t batch_size, const RunTrial& run_trial,
               const BatchSizeProgress& progress, BatchSizeResult& result, bool& fits);

  std::int64_t start_batch_;
  std::int64_t max_batch_;
  std::uint64_t limit_bytes_;
  bool predict_memory_;
  std::vector<BatchSizeTrial> fitting_;  // by increasing batch size
};

}  // namespace convstudio
