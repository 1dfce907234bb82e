#include "convstudio/train/batch_size_finder.h"

#include <fstream>
#include <sstream>

#include "batch_size_search.h"
#include "batch_size_trial.h"
#include "convstudio/system_info.h"
#include "heap_reuse.h"
#include "memory_probe.h"
#include "tuning_setup.h"

namespace convstudio {
namespace {

// MemAvailable of /proc/meminfo: what can be had without swapping.
std::uint64_t available_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string line;
  while (std::getline(meminfo, line)) {
    std::istringstream fields(line);
    std::string key;
    std::uint64_t kilobytes = 0;
    if (fields >> key >> kilobytes && key == "MemAvailable:") return kilobytes * 1024;
  }
  return 0;
}

std::uint64_t cuda_capacity(const torch::Device& device) {
  const int index = device.has_index() ? device.index() : 0;
  for (const CudaDevice& gpu : probe_devices().cuda_devices) {
    if (gpu.index == index) return gpu.total_memory_bytes;
  }
  return 0;
}

std::optional<Error> check_options(const BatchSizeFinderOptions& options) {
  if (options.start_batch < 1) {
    return Error::in_setting("batch_finder.start_batch", "the first batch size must be at least 1");
  }
  if (options.max_batch < options.start_batch) {
    return Error::in_setting("batch_finder.max_batch",
                             "the largest batch size to try must be at least the first");
  }
  if (!(options.safety_margin >= 0 && options.safety_margin < 1)) {
    return Error::in_setting("batch_finder.safety_margin", "the safety margin must be in [0, 1)");
  }
  if (options.timed_steps < 1) {
    return Error::in_setting("batch_finder.timed_steps", "at least one timed step is needed");
  }
  return std::nullopt;
}

}  // namespace

BatchSizeResult find_batch_size(const BatchSizeFinderOptions& options,
                                const BatchSizeProgress& progress) {
  BatchSizeResult result;
  if (std::optional<Error> problem = check_options(options)) {
    result.error = problem;
    return result;
  }
  try {
    TuningSetup setup;
    TuningRequest request;
    request.project = &options.project;
    if (std::optional<Error> problem = prepare_tuning(request, setup)) {
      result.error = problem;
      return result;
    }
    result.device = setup.device_name;
    BatchSizeTrialSubject subject;
    subject.model = &*setup.model;
    subject.optimizer = setup.optimizer.get();
    subject.device = setup.device;
    subject.amp = setup.amp;
    subject.input = setup.analysis.input_shape;
    subject.classes = std::max<std::int64_t>(1, setup.analysis.output_shape().channels());
    subject.timed_steps = options.timed_steps;
    subject.faults = TrainingFaults::from_tests();
    const bool on_cuda = setup.device.is_cuda();
    if (on_cuda) {
      result.capacity_bytes = cuda_capacity(setup.device);
    } else {
      subject.resident_baseline = probe_memory(setup.device).resident_bytes;
      result.capacity_bytes = options.memory_budget_bytes > 0 ? options.memory_budget_bytes
                                                              : available_memory_bytes() / 2;
    }
    result.limit_bytes = static_cast<std::uint64_t>(static_cast<double>(result.capacity_bytes) *
                                                    (1 - options.safety_margin));
    if (on_cuda && result.capacity_bytes == 0) result.limit_bytes = UINT64_MAX;  // OOM decides
    // On the CPU memory only grows until the machine swaps, so sizes are predicted before they
    // are tried; on CUDA running out of memory is a clean answer.
    BatchSizeSearch search(options.start_batch, options.max_batch, result.limit_bytes, !on_cuda);
    // Freed memory stays with the process between trials, as during a run (heap_reuse.h), so
    // each trial's peak is the memory a run at that size would hold.
    const HeapReuseDuringRun heap_reuse;
    search.run([&](std::int64_t batch) { return run_batch_size_trial(subject, batch); }, progress,
               result);
  } catch (const std::exception& error) {
    result.error = Error::without_place(error.what());
  }
  return result;
}

}  // namespace convstudio
