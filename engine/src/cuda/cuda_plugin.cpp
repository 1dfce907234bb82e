// libconvstudio_cuda.so's entry point: the table the engine asks for after dlopen.

#include "cuda_device_probe.h"
#include "cuda_memory.h"
#include "cuda_plugin_api.h"
#include "nccl_backend.h"

extern "C" __attribute__((visibility("default"))) const convstudio::CudaPluginApi*
convstudio_cuda_plugin_api() {
  static const convstudio::CudaPluginApi api{
      CONVSTUDIO_VERSION,
      convstudio::cuda::cuda_compiled_version,
      convstudio::cuda::cudnn_version,
      convstudio::cuda::probe_devices,
      convstudio::cuda::fill_memory,
      convstudio::cuda::reset_peak_memory,
      convstudio::cuda::release_cache,
      convstudio::cuda::make_nccl_backend,
  };
  return &api;
}
