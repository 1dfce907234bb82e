#include "amp_choice.h"

#include <ATen/cpu/Utils.h>

#include "convstudio/system_info.h"

namespace convstudio {
namespace {

bool capability(const std::unordered_map<std::string, c10::IValue>& features,
                const std::string& name) {
  const auto found = features.find(name);
  return found != features.end() && found->second.isBool() && found->second.toBool();
}

int compute_capability_of(const torch::Device& device) {
  const DeviceReport report = probe_devices();
  const int index = device.has_index() ? device.index() : 0;
  for (const CudaDevice& gpu : report.cuda_devices) {
    if (gpu.index == index) return gpu.compute_major * 10 + gpu.compute_minor;
  }
  return 0;
}

}  // namespace

CpuFeatures cpu_features() {
  const auto features = at::cpu::get_cpu_capabilities();
  return {capability(features, "avx512_bf16"), capability(features, "amx_bf16")};
}

AmpChoice choose_amp(const CpuFeatures& cpu, bool on_cuda, int cuda_capability) {
  const std::string capability_text = "compute capability " + std::to_string(cuda_capability / 10) +
                                      "." + std::to_string(cuda_capability % 10);
  if (on_cuda) {
    // Ampere (8.0) and later have bf16 tensor cores; Volta and Turing (7.x) only fp16 ones.
    if (cuda_capability >= 80) return {AmpMode::Bf16, capability_text};
    if (cuda_capability >= 70) return {AmpMode::Fp16, capability_text};
    return {AmpMode::Off, capability_text};
  }
  if (cpu.amx_bf16) return {AmpMode::Bf16, cpu.avx512_bf16 ? "AMX-BF16, AVX512-BF16" : "AMX-BF16"};
  if (cpu.avx512_bf16) return {AmpMode::Bf16, "AVX512-BF16"};
  return {AmpMode::Off, "no AVX512-BF16 or AMX-BF16"};
}

AmpChoice resolve_amp(AmpMode requested, const torch::Device& device) {
  if (requested != AmpMode::Auto) return {requested, {}};
  const bool on_cuda = device.is_cuda();
  return choose_amp(on_cuda ? CpuFeatures{} : cpu_features(), on_cuda,
                    on_cuda ? compute_capability_of(device) : 0);
}

}  // namespace convstudio
