#include "memory_probe.h"

#include <fstream>
#include <sstream>

#include "memory_probe_cuda.h"

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

bool usable_cuda(const torch::Device& device) {
  return device.is_cuda() && torch::cuda::is_available();
}

int cuda_index(const torch::Device& device) {
  return device.has_index() ? device.index() : 0;
}

}  // namespace

MemorySnapshot probe_memory(const torch::Device& device) {
  MemorySnapshot snapshot;
  snapshot.device = device.str();
  read_resident_memory(snapshot);
  if (usable_cuda(device)) {
    snapshot.is_cuda = true;
    snapshot.device = "cuda:" + std::to_string(cuda_index(device));
    fill_cuda_memory(cuda_index(device), snapshot);
  }
  return snapshot;
}

void reset_peak_memory(const torch::Device& device) {
  if (usable_cuda(device)) {
    reset_cuda_peak_memory(cuda_index(device));
    return;
  }
  // Writing 5 to clear_refs resets VmHWM to the current RSS (Linux 4.0 and later). Where the
  // kernel refuses, the peak simply stays the process-lifetime one.
  std::ofstream clear_refs("/proc/self/clear_refs");
  clear_refs << "5";
}

std::string release_cached_memory(const torch::Device& device) {
  if (usable_cuda(device) && release_cuda_cache()) {
    return "released the CUDA allocator's cached memory back to the driver";
  }
  return "nothing to release on " + device.str() +
         ": the CPU allocator does not keep a cache of its own";
}

}  // namespace convstudio
