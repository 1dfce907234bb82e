#include "cpu_allocation_meter.h"

#include <c10/core/Allocator.h>

#include <algorithm>
#include <atomic>

namespace convstudio {

struct CpuAllocationMeter::Counter : c10::MemoryReportingInfoBase {
  void reportMemoryUsage(void* /*ptr*/, int64_t alloc_size, size_t /*total_allocated*/,
                         size_t /*total_reserved*/, c10::Device device) override {
    if (device.type() != c10::DeviceType::CPU) return;
    const std::int64_t now = live.fetch_add(alloc_size) + alloc_size;
    std::int64_t seen = peak.load();
    while (now > seen && !peak.compare_exchange_weak(seen, now)) {
    }
  }
  bool memoryProfilingEnabled() const override { return true; }

  std::atomic<std::int64_t> live{0};
  std::atomic<std::int64_t> peak{0};
};

CpuAllocationMeter::CpuAllocationMeter()
    : counter_(std::make_shared<Counter>()), guard_(c10::DebugInfoKind::PROFILER_STATE, counter_) {}

CpuAllocationMeter::~CpuAllocationMeter() = default;

std::int64_t CpuAllocationMeter::live_bytes() const {
  return counter_->live.load();
}

std::int64_t CpuAllocationMeter::peak_bytes() const {
  return counter_->peak.load();
}

void CpuAllocationMeter::reset_peak() {
  counter_->peak.store(counter_->live.load());
}

}  // namespace convstudio
