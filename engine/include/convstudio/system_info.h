#pragma once
// What this build and this machine can do: library versions and compute devices.
// Torch-free so the GUI and CLI can report it without including LibTorch.

#include <cstdint>
#include <string>
#include <vector>

namespace convstudio {

// Versions of the engine and the libraries it was built against.
struct BuildInfo {
  std::string convstudio_version;
  std::string libtorch_version;
  bool cuda_compiled = false;         // LibTorch's CUDA half is loaded (the CUDA add-on)
  std::string cuda_compiled_version;  // e.g. "13.0"; empty when not compiled
  std::string cudnn_version;          // e.g. "9.13.0"; empty when not compiled in
  std::string opencv_version;
  std::string compiler;
};

struct CpuInfo {
  std::string model;
  int hardware_threads = 0;  // logical cores the OS reports
  int torch_threads = 0;     // intra-op threads LibTorch will use
};

struct CudaDevice {
  int index = 0;
  std::string name;
  std::uint64_t total_memory_bytes = 0;
  int compute_major = 0;
  int compute_minor = 0;
  int multiprocessors = 0;
};

// Why CUDA cannot be used; a code so that the GUI can say it in the user's language.
// kNotInstalled: the CUDA add-on (convstudio-cuda) is missing; kCannotLoad: it is there but
// does not load (a missing or mismatched library).
enum class CudaUnavailable {
  kNone,
  kCpuOnlyBuild,
  kNotInstalled,
  kCannotLoad,
  kNoDriver,
  kNoDevice,
  kRuntimeError
};

// Every device a run can use. When CUDA cannot be used, `cuda_unavailable_reason` says why
// in the user's words (CPU-only build, add-on missing, no NVIDIA driver, no device).
struct DeviceReport {
  CpuInfo cpu;
  bool cuda_available = false;
  CudaUnavailable cuda_unavailable = CudaUnavailable::kNone;
  std::string cuda_unavailable_reason;  // English sentence, with the runtime's own error text
  std::string cuda_driver_version;      // empty when no driver is loaded
  std::vector<CudaDevice> cuda_devices;
};

BuildInfo build_info();
DeviceReport probe_devices();

}  // namespace convstudio
