#include "cuda_probe.h"

namespace convstudio {

bool cuda_compiled_in() {
  return false;
}
std::string cuda_compiled_version() {
  return {};
}
std::string cudnn_compiled_version() {
  return {};
}

void probe_cuda(DeviceReport& report) {
  report.cuda_available = false;
  report.cuda_unavailable = CudaUnavailable::kCpuOnlyBuild;
  report.cuda_unavailable_reason =
      "this build of LibTorch is CPU-only (no CUDA support compiled in)";
}

}  // namespace convstudio
