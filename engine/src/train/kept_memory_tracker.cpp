#include "kept_memory_tracker.h"

#include <c10/core/Allocator.h>

#include <mutex>
#include <unordered_map>

namespace convstudio {

struct KeptMemoryTracker::Reporter : c10::MemoryReportingInfoBase {
  void reportMemoryUsage(void* ptr, int64_t alloc_size, size_t /*total_allocated*/,
                         size_t /*total_reserved*/, c10::Device /*device*/) override {
    // CUDA's backward runs on the device's autograd thread, which inherits this hook.
    const std::lock_guard lock(mutex);
    if (alloc_size > 0) {
      if (block >= 0) owner[ptr] = {block, alloc_size};
      return;
    }
    owner.erase(ptr);
  }
  bool memoryProfilingEnabled() const override { return true; }

  struct Allocation {
    int block = -1;
    std::int64_t bytes = 0;
  };
  mutable std::mutex mutex;
  int block = -1;
  std::unordered_map<void*, Allocation> owner;
};

KeptMemoryTracker::KeptMemoryTracker(int blocks)
    : reporter_(std::make_shared<Reporter>()),
      guard_(c10::DebugInfoKind::PROFILER_STATE, reporter_) {
  reporter_->owner.reserve(static_cast<std::size_t>(blocks) * 8);
}

KeptMemoryTracker::~KeptMemoryTracker() = default;

void KeptMemoryTracker::set_block(int block) {
  const std::lock_guard lock(reporter_->mutex);
  reporter_->block = block;
}

std::vector<std::int64_t> KeptMemoryTracker::live_by_block() const {
  const std::lock_guard lock(reporter_->mutex);
  std::vector<std::int64_t> bytes;
  for (const auto& [ptr, allocation] : reporter_->owner) {
    if (allocation.block >= static_cast<int>(bytes.size())) bytes.resize(allocation.block + 1, 0);
    bytes[allocation.block] += allocation.bytes;
  }
  return bytes;
}

void KeptMemoryTracker::forget_all() {
  const std::lock_guard lock(reporter_->mutex);
  reporter_->owner.clear();
}

}  // namespace convstudio
