#include "cuda_device_probe.h"

#include <ATen/cuda/CUDAContext.h>
#include <ATen/detail/CUDAHooksInterface.h>
#include <torch/torch.h>

#include <dlfcn.h>

namespace convstudio::cuda {
namespace {

std::string dotted_version(long packed, long major_div, long minor_div) {
  long major = packed / major_div;
  long minor = (packed % major_div) / minor_div;
  long patch = packed % minor_div;
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

// The driver is libcuda.so.1; without it there is no GPU use, whatever the hardware.
struct DriverProbe {
  bool loaded = false;
  std::string version;
};

DriverProbe probe_driver() {
  DriverProbe probe;
  void* handle = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
  if (!handle) handle = dlopen("libcuda.so.1", RTLD_LAZY);
  if (!handle) return probe;
  probe.loaded = true;
  using DriverGetVersion = int (*)(int*);
  if (auto fn = reinterpret_cast<DriverGetVersion>(dlsym(handle, "cuDriverGetVersion"))) {
    int v = 0;
    if (fn(&v) == 0)
      probe.version = std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
  }
  return probe;
}

}  // namespace

std::string cuda_compiled_version() {
  // CUDA_VERSION is 1000*major + 10*minor, from the toolkit LibTorch was built with.
  return std::to_string(CUDA_VERSION / 1000) + "." + std::to_string((CUDA_VERSION % 1000) / 10);
}

std::string cudnn_version() {
  try {
    return dotted_version(at::detail::getCUDAHooks().versionCuDNN(), 10000, 100);
  } catch (const std::exception&) {
    return {};
  }
}

void probe_devices(DeviceReport& report) {
  DriverProbe driver = probe_driver();
  report.cuda_driver_version = driver.version;
  if (!driver.loaded) {
    report.cuda_unavailable = CudaUnavailable::kNoDriver;
    report.cuda_unavailable_reason =
        "no NVIDIA driver found (libcuda.so.1 cannot be loaded); CUDA needs an NVIDIA GPU "
        "and its driver";
    return;
  }
  int count = 0;
  cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess || count == 0) {
    report.cuda_unavailable =
        status != cudaSuccess ? CudaUnavailable::kRuntimeError : CudaUnavailable::kNoDevice;
    report.cuda_unavailable_reason =
        status != cudaSuccess
            ? std::string("the CUDA runtime reports: ") + cudaGetErrorString(status)
            : std::string("the NVIDIA driver is loaded but sees no CUDA device");
    return;
  }
  report.cuda_available = torch::cuda::is_available();
  for (int i = 0; i < count; ++i) {
    const cudaDeviceProp* prop = at::cuda::getDeviceProperties(i);
    CudaDevice device;
    device.index = i;
    device.name = prop->name;
    device.total_memory_bytes = prop->totalGlobalMem;
    device.compute_major = prop->major;
    device.compute_minor = prop->minor;
    device.multiprocessors = prop->multiProcessorCount;
    report.cuda_devices.push_back(device);
  }
}

}  // namespace convstudio::cuda
