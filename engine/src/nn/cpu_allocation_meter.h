#pragma once
// Measures tensor memory on the CPU, where LibTorch keeps no allocator statistics: while a meter
// lives, every allocation and release by LibTorch's CPU allocator on the calling thread is
// counted, through c10's memory-reporting hook (the one PyTorch's profiler uses for
// profile_memory). Tensors that existed before the meter started are not counted. Autograd's
// CPU backward runs on the thread that calls backward(), so a training step is seen whole.
// Internal to the engine (includes LibTorch); used by tests and benchmarks.

#include <cstdint>
#include <memory>

#include <c10/util/ThreadLocalDebugInfo.h>

namespace convstudio {

class CpuAllocationMeter {
 public:
  CpuAllocationMeter();
  ~CpuAllocationMeter();
  CpuAllocationMeter(const CpuAllocationMeter&) = delete;
  CpuAllocationMeter& operator=(const CpuAllocationMeter&) = delete;

  // Bytes allocated since the meter started and not yet released.
  std::int64_t live_bytes() const;
  // The largest live_bytes() since the start or the last reset_peak().
  std::int64_t peak_bytes() const;
  void reset_peak();

 private:
  struct Counter;
  std::shared_ptr<Counter> counter_;
  c10::DebugInfoGuard guard_;
};

}  // namespace convstudio
