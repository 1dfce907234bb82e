#pragma once
// A device's practical peak FLOP/s: the rate of large matrix multiplies (2·n³ FLOPs for an n×n
// product) in one precision, the best of several short trials, kept in the user's cache folder
// per device and precision, so a run's achieved FLOP/s can be read as a share of what the device
// can do. A CPU probe taken while other processes computed is kept apart and the device is
// probed again next time, until a probe on an idle machine is kept; the cache only ever keeps
// the best figure. Torch-free interface.

#include <cstdint>
#include <filesystem>
#include <string>

#include "convstudio/model/training_settings.h"
#include "convstudio/result.h"

namespace convstudio {

struct PeakFlops {
  std::string device;     // the cache key: "cpu (MODEL, N threads)" or "cuda:K (NAME)"
  std::string precision;  // "fp32", "bf16" or "fp16"
  double flops_per_second = 0;
  bool measured_now = false;  // false: read from the cache
  // Measured now while other processes kept the CPUs busy: the figure may be low, and the
  // device is probed again by the next run.
  bool probed_while_busy = false;
  // What this probe measured itself, the mean of its trials (ranks probing one CPU together may
  // start a trial apart: the best trial can fall before another rank began); 0: from the cache.
  double probed = 0;
};

// The precision whose peak a run compares with: "fp32" without AMP, else the AMP dtype. Auto
// must be resolved first (it is "fp32" here).
std::string precision_name(AmpMode amp);

// The peak of `device` ("cpu", "cuda", "cuda:K", "auto") in `precision`, from the cache, or
// measured (about half a second) and cached when no idle probe is kept or `remeasure`; a new
// probe never lowers the figure (the best of it and what is kept). Measured: fp32 and bf16 on
// the CPU; fp32, fp16 and bf16 on CUDA. An error names the setting it cannot serve.
Result<PeakFlops> device_peak_flops(const std::string& device, const std::string& precision,
                                    bool remeasure = false);

// Where the peaks are kept: $XDG_CACHE_HOME/convstudio/peak_flops.json (or ~/.cache/…); empty
// when neither is set, and then nothing is kept.
std::filesystem::path peak_flops_cache_file();

// Achieved FLOP/s: what one training sample costs, counted block by block from what autograd
// computes (convstudio/model/training_cost.h: no backward through frozen blocks before the first
// trainable one, no weight gradient for frozen weights), times samples per second.
inline double training_flops_per_second(std::int64_t flops_per_sample, double samples_per_second) {
  return static_cast<double>(flops_per_sample) * samples_per_second;
}

}  // namespace convstudio
