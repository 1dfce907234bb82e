#pragma once
// What `--amp auto` becomes on a device: bf16 where the device computes it natively (on this
// project's CPUs bf16 autocast with oneDNN measured about 1.5-2x fp32 at the same accuracy, see
// README "Performance"), fp16 with loss scaling on GPUs that have fast fp16 but no fast bf16,
// off elsewhere (emulated bf16 is slower than fp32).

#include <string>

#include <torch/types.h>

#include "convstudio/model/training_settings.h"

namespace convstudio {

struct AmpChoice {
  AmpMode mode = AmpMode::Off;
  std::string evidence;  // what decided it: CPU features or the GPU's compute capability
};

// What the CPU offers, as LibTorch's cpuinfo reports it.
struct CpuFeatures {
  bool avx512_bf16 = false;
  bool amx_bf16 = false;
};
CpuFeatures cpu_features();

// Rules only, so tests can try every case: `cuda_capability` is major * 10 + minor (0: not
// a GPU run).
AmpChoice choose_amp(const CpuFeatures& cpu, bool on_cuda, int cuda_capability);

// The mode a run trains with: `requested` unless it is Auto, which is decided for `device`.
AmpChoice resolve_amp(AmpMode requested, const torch::Device& device);

}  // namespace convstudio
