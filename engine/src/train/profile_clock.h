#pragma once
// The profiler's clock: marks points of a step as they are reached and, once the step is
// settled, the milliseconds between any two. On the CPU a mark reads the host's steady clock; on
// CUDA it records an event on the current stream, so intervals are the device's own time for the
// work queued between two marks, not the host's time to queue it. Internal (LibTorch).

#include <torch/torch.h>

#include <memory>

namespace convstudio {

class ProfileClock {
 public:
  virtual ~ProfileClock() = default;
  // Forgets the marks of the previous step.
  virtual void clear() = 0;
  // Marks now; returns the mark's index (0, 1, 2… since clear()).
  virtual int mark() = 0;
  // Waits until every mark has been reached (CUDA: the last event); before ms_between.
  virtual void settle() = 0;
  virtual double ms_between(int from, int to) const = 0;
  virtual const char* name() const = 0;  // "host clock", "CUDA events"
};

// The clock for the device: CUDA events on a CUDA device, the host's steady clock otherwise.
std::unique_ptr<ProfileClock> make_profile_clock(const torch::Device& device);

}  // namespace convstudio
