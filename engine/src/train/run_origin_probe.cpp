#include "run_origin_probe.h"

#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <string_view>

#include "convstudio/build_versions.h"
#include "convstudio/system_info.h"

namespace convstudio {
namespace {

std::string host_name() {
  char name[HOST_NAME_MAX + 1] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return "unknown";
  return name;
}

// "cuda:1" → 1; -1 for the CPU.
int cuda_index(const std::string& device) {
  constexpr std::string_view kCuda = "cuda";
  if (device.rfind(kCuda, 0) != 0) return -1;
  const std::size_t colon = device.find(':');
  return colon == std::string::npos ? 0 : std::atoi(device.c_str() + colon + 1);
}

std::string or_none(const std::string& version) {
  return version.empty() ? kNoVersion : version;
}

}  // namespace

RunOrigin probe_run_origin(const std::string& device, const DatasetInfo& data) {
  const BuildInfo build = build_info();
  const DeviceReport devices = probe_devices();
  RunOrigin origin;
  origin.convstudio_version = build.convstudio_version;
  origin.commit = build_versions().commit;
  origin.libtorch_version = build.libtorch_version;
  origin.device = device;
  origin.cpu_model = devices.cpu.model;
  origin.cpu_threads = devices.cpu.hardware_threads;
  origin.torch_threads = devices.cpu.torch_threads;
  origin.host = host_name();
  origin.data_path = data.path;
  origin.data_fingerprint = data.fingerprint;
  const int gpu = cuda_index(device);
  if (gpu < 0) {
    origin.device_names = {devices.cpu.model};
    return origin;  // a CPU run used no CUDA, cuDNN or driver: they stay "none"
  }
  origin.cuda_version = or_none(build.cuda_compiled_version);
  origin.cudnn_version = or_none(build.cudnn_version);
  origin.driver_version = or_none(devices.cuda_driver_version);
  for (const CudaDevice& card : devices.cuda_devices) {
    if (card.index == gpu) origin.device_names.push_back(card.name);
  }
  return origin;
}

}  // namespace convstudio
