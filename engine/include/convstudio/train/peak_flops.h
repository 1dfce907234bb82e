#pragma once
// A device's practical peak FLOP/s: the rate of large matrix multiplies (2·n³ FLOPs for an n×n
// product) in one precision, measured once per device and precision and kept in the user's
// cache folder, so a run's achieved FLOP/s can be read as a share of what the device can do.
// Torch-free interface.

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
};

// The precision whose peak a run compares with: "fp32" without AMP, else the AMP dtype. Auto
// must be resolved first (it is "fp32" here).
std::string precision_name(AmpMode amp);

// The peak of `device` ("cpu", "cuda", "cuda:K", "auto") in `precision`, from the cache, or
// measured (about a second) and cached when absent or `remeasure`. Measured: fp32 and bf16 on
// the CPU; fp32, fp16 and bf16 on CUDA. An error names the setting it cannot serve.
Result<PeakFlops> device_peak_flops(const std::string& device, const std::string& precision,
                                    bool remeasure = false);

// Where the peaks are kept: $XDG_CACHE_HOME/convstudio/peak_flops.json (or ~/.cache/…); empty
// when neither is set, and then nothing is kept.
std::filesystem::path peak_flops_cache_file();

// The training convention: 2 FLOPs per multiply-accumulate, and forward + backward ≈ 3 forward
// passes, so a sample costs 6 × its MACs.
inline double training_flops_per_second(std::int64_t macs_per_sample, double samples_per_second) {
  return 6.0 * static_cast<double>(macs_per_sample) * samples_per_second;
}

}  // namespace convstudio
