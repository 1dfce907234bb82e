#pragma once
// Which block allocated each live tensor buffer: while a tracker lives, every allocation that
// LibTorch's allocators (the CPU's and CUDA's caching one) report through c10's memory-reporting
// hook (the one PyTorch's profiler uses for profile_memory) is filed under the block running at
// the time, and forgotten when it is freed. What a block's forward allocated and is still alive
// when backward starts is what it keeps for backward. Installed only while the profiler runs.
// Internal (LibTorch).

#include <c10/util/ThreadLocalDebugInfo.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace convstudio {

class KeptMemoryTracker {
 public:
  explicit KeptMemoryTracker(int blocks);
  ~KeptMemoryTracker();
  KeptMemoryTracker(const KeptMemoryTracker&) = delete;
  KeptMemoryTracker& operator=(const KeptMemoryTracker&) = delete;

  // The block whose allocations are counted from now on; -1: none (they are not tracked).
  void set_block(int block);
  // Bytes each block allocated since the last forget_all() that are still alive.
  std::vector<std::int64_t> live_by_block() const;
  // Stops tracking what is alive now (the previous step's leftovers).
  void forget_all();

 private:
  struct Reporter;
  std::shared_ptr<Reporter> reporter_;
  c10::DebugInfoGuard guard_;
};

}  // namespace convstudio
