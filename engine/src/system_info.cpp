#include "convstudio/system_info.h"

#include <torch/torch.h>

#include <opencv2/core/version.hpp>

#include <fstream>
#include <thread>

#include "cuda_probe.h"

namespace convstudio {
namespace {

std::string cpu_model_name() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) {
      auto colon = line.find(':');
      if (colon != std::string::npos) {
        auto start = line.find_first_not_of(' ', colon + 1);
        return start == std::string::npos ? std::string() : line.substr(start);
      }
    }
  }
  return "unknown CPU";
}

std::string compiler_name() {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "gcc " __VERSION__;
#else
  return "unknown compiler";
#endif
}

}  // namespace

BuildInfo build_info() {
  BuildInfo info;
  info.convstudio_version = CONVSTUDIO_VERSION;
  info.libtorch_version = TORCH_VERSION;
  info.opencv_version = CV_VERSION;
  info.compiler = compiler_name();
  info.cuda_compiled = cuda_compiled_in();
  info.cuda_compiled_version = cuda_compiled_version();
  info.cudnn_version = cudnn_compiled_version();
  return info;
}

DeviceReport probe_devices() {
  DeviceReport report;
  report.cpu.model = cpu_model_name();
  report.cpu.hardware_threads = static_cast<int>(std::thread::hardware_concurrency());
  report.cpu.torch_threads = at::get_num_threads();
  probe_cuda(report);
  return report;
}

}  // namespace convstudio
