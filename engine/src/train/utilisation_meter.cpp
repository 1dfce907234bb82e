#include "utilisation_meter.h"

namespace convstudio {

UtilisationMeter::Reading UtilisationMeter::read(double samples_per_second) {
  Reading reading;
  reading.achieved_flops = static_cast<double>(flops_per_sample_) * samples_per_second;
  if (peak_ <= 0 || reading.achieved_flops <= 0) return reading;
  if (reading.achieved_flops <= peak_) {
    reading.utilisation = reading.achieved_flops / peak_;
    return reading;
  }
  // Above the peak: the peak is wrong, not the rate (it is counted, not estimated).
  if (state_ == State::Trusted) state_ = State::Due;
  reading.peak_remeasuring = state_ == State::Due;
  return reading;
}

void UtilisationMeter::remeasured(double peak) {
  if (peak > peak_) peak_ = peak;
  state_ = State::Remeasured;
}

}  // namespace convstudio
