#pragma once
// A run's utilisation, never above 100 %: achieved FLOP/s (what a sample costs, times samples
// per second) over the device's peak. A rate above the peak means the peak was probed low (on a
// busy machine), so the meter asks the run for one new probe and shows the achieved rate alone
// until it has it; a rate still above the new peak leaves the share unknown rather than wrong.
// Torch-free: the run probes, the meter decides.

#include <cstdint>

#include "convstudio/runs/training_events.h"

namespace convstudio {

class UtilisationMeter {
 public:
  using Reading = ComputeFigures;

  // `peak`: the device's peak FLOP/s in the run's precision, summed over data-parallel ranks
  // (each rank probes its own share of the machine); 0 when unknown.
  UtilisationMeter(std::int64_t flops_per_sample, double peak)
      : flops_per_sample_(flops_per_sample), peak_(peak) {}

  // `samples_per_second`: over every rank.
  Reading read(double samples_per_second);
  // True once a rate exceeded the peak, until `remeasured` is called: at most once per run.
  bool remeasure_due() const { return state_ == State::Due; }
  // The new probe's figure (already the best of it and the old one).
  void remeasured(double peak);
  double peak() const { return peak_; }

 private:
  enum class State { Trusted, Due, Remeasured };

  std::int64_t flops_per_sample_ = 0;
  double peak_ = 0;
  State state_ = State::Trusted;
};

}  // namespace convstudio
