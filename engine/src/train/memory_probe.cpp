#include "memory_probe.h"

#include <fstream>
#include <sstream>

#include "cuda_support.h"

namespace convstudio {
namespace {

// /proc/self/status lines read "VmRSS:    123456 kB".
void read_resident_memory(MemorySnapshot& snapshot) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    std::istringstream fields(line);
    std::string key;
    std::uint64_t kilobytes = 0;
    if (!(fields >> key >> kilobytes)) continue;
    if (key == "VmRSS:") snapshot.resident_bytes = kilobytes * 1024;
    if (key == "VmHWM:") snapshot.peak_resident_bytes = kilobytes * 1024;
  }
}

// The CUDA allocator is reached through the CUDA plugin, which is loaded whenever CUDA is
// available at all (only the plugin brings LibTorch's CUDA half).
const CudaPluginApi* cuda_api_for(const torch::Device& device) {
  if (!device.is_cuda() || !torch::cuda::is_available()) return nullptr;
  return cuda_support().api;
}

int cuda_index(const torch::Device& device) {
  return device.has_index() ? device.index() : 0;
}

}  // namespace

MemorySnapshot probe_memory(const torch::Device& device) {
  MemorySnapshot snapshot;
  snapshot.device = device.str();
  read_resident_memory(snapshot);
  if (const CudaPluginApi* cuda = cuda_api_for(device)) {
    snapshot.is_cuda = true;
    snapshot.device = "cuda:" + std::to_string(cuda_index(device));
    cuda->fill_memory(cuda_index(device), snapshot);
  }
  return snapshot;
}

void reset_peak_memory(const torch::Device& device) {
  if (const CudaPluginApi* cuda = cuda_api_for(device)) {
    cuda->reset_peak_memory(cuda_index(device));
    return;
  }
  // Writing 5 to clear_refs resets VmHWM to the current RSS (Linux 4.0 and later). Where the
  // kernel refuses, the peak simply stays the process-lifetime one.
  std::ofstream clear_refs("/proc/self/clear_refs");
  clear_refs << "5";
}

std::string release_cached_memory(const torch::Device& device) {
  if (const CudaPluginApi* cuda = cuda_api_for(device)) {
    cuda->release_cache();
    return "released the CUDA allocator's cached memory back to the driver";
  }
  return "nothing to release on " + device.str() +
         ": the CPU allocator does not keep a cache of its own";
}

}  // namespace convstudio
