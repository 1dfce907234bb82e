#include "convstudio/train/peak_flops.h"

#include <ATen/CPUGeneratorImpl.h>
#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "convstudio/io/atomic_write.h"
#include "convstudio/system_info.h"
#include "cpu_load.h"
#include "device_selection.h"
#include "memory_probe.h"
#include "peak_cache.h"

namespace convstudio {
namespace {

using Clock = std::chrono::steady_clock;

// Big enough that a multiply is compute-bound on a CPU core or a GPU, small enough that one
// takes milliseconds; repeated in kTrials trials of kTrialSeconds each.
constexpr std::int64_t kCpuMatrixSize = 1024;
constexpr std::int64_t kCudaMatrixSize = 8192;
constexpr int kTrials = 5;
constexpr double kTrialSeconds = 0.08;
constexpr std::uint64_t kProbeSeed = 20261123;

std::string device_key(const torch::Device& device) {
  const DeviceReport report = probe_devices();
  if (device.is_cuda()) {
    const int index = device.has_index() ? device.index() : 0;
    std::string name = "GPU";
    for (const CudaDevice& gpu : report.cuda_devices) {
      if (gpu.index == index) name = gpu.name;
    }
    return "cuda:" + std::to_string(index) + " (" + name + ")";
  }
  // The peak of a CPU is that of the threads LibTorch computes with.
  return "cpu (" + report.cpu.model + ", " + std::to_string(at::get_num_threads()) + " threads)";
}

std::optional<torch::ScalarType> dtype_of(const std::string& precision) {
  if (precision == "fp32") return torch::kFloat;
  if (precision == "bf16") return torch::kBFloat16;
  if (precision == "fp16") return torch::kHalf;
  return std::nullopt;
}

void wait_for(const torch::Device& device, const torch::Tensor& result) {
  // Reading one element waits for every queued kernel of the stream (CUDA) and costs nothing on
  // the CPU, where the multiply has already run.
  if (device.is_cuda()) (void)result.flatten()[0].item<float>();
}

struct Probe {
  double flops_per_second = 0;  // the best of the trials
  double mean = 0;              // over all the trials
  bool busy = false;            // other processes kept the CPUs busy meanwhile (cpu_load.h)
};

// One trial: products of `a` and `b` for at least kTrialSeconds; FLOP/s.
double trial(const torch::Device& device, const torch::Tensor& a, const torch::Tensor& b) {
  const std::int64_t n = a.size(0);
  std::int64_t products = 0;
  const auto started = Clock::now();
  double seconds = 0;
  while (products < 2 || seconds < kTrialSeconds) {
    const torch::Tensor c = torch::mm(a, b);
    ++products;
    wait_for(device, c);
    seconds = std::chrono::duration<double>(Clock::now() - started).count();
  }
  return 2.0 * static_cast<double>(n * n * n) * static_cast<double>(products) / seconds;
}

Probe measure(const torch::Device& device, torch::ScalarType dtype) {
  torch::NoGradGuard no_grad;
  const std::int64_t n = device.is_cuda() ? kCudaMatrixSize : kCpuMatrixSize;
  // The operands come from a generator of their own: a probe inside a run must not move the
  // run's random stream, or a run that measured would differ from one that read the cache.
  at::Generator generator = at::make_generator<at::CPUGeneratorImpl>(kProbeSeed);
  const auto make_operand = [&] {
    return torch::randn({n, n}, generator, torch::kFloat32).to(device, dtype);
  };
  const torch::Tensor a = make_operand();
  const torch::Tensor b = make_operand();
  wait_for(device, torch::mm(a, b));  // warm-up: kernel choice, thread pool, caches
  // The best of several short trials: a moment when another process ran costs one trial, not
  // the figure.
  const std::optional<CpuTicks> before = read_cpu_ticks();
  const auto started = Clock::now();
  Probe probe;
  for (int i = 0; i < kTrials; ++i) {
    const double rate = trial(device, a, b);
    probe.flops_per_second = std::max(probe.flops_per_second, rate);
    probe.mean += rate / kTrials;
  }
  const std::optional<CpuTicks> after = read_cpu_ticks();
  const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
  // A GPU's other users are not visible here; only a CPU probe is judged by the load.
  if (!device.is_cuda() && before && after) {
    probe.busy = probe_was_busy(busy_cores_of_others(*before, *after, seconds));
  }
  return probe;
}

nlohmann::json read_cache(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) return nlohmann::json::object();
  // A damaged cache is measured again, never an error: it is only a cache.
  nlohmann::json cache = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  return cache.is_object() ? cache : nlohmann::json::object();
}

}  // namespace

std::string precision_name(AmpMode amp) {
  switch (amp) {
    case AmpMode::Bf16:
      return "bf16";
    case AmpMode::Fp16:
      return "fp16";
    case AmpMode::Off:
    case AmpMode::Auto:
      break;
  }
  return "fp32";
}

std::filesystem::path peak_flops_cache_file() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && xdg[0] == '/') {
    return std::filesystem::path(xdg) / "convstudio" / "peak_flops.json";
  }
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] == '/') {
    return std::filesystem::path(home) / ".cache" / "convstudio" / "peak_flops.json";
  }
  return {};
}

Result<PeakFlops> device_peak_flops(const std::string& device_text, const std::string& precision,
                                    bool remeasure) {
  const DeviceSelection selection = select_device(device_text);
  if (selection.error) return *selection.error;
  const std::optional<torch::ScalarType> dtype = dtype_of(precision);
  if (!dtype) {
    return Error::in_setting("precision",
                             "precision '" + precision + "' is not fp32, bf16 or fp16");
  }
  if (!selection.device.is_cuda() && precision == "fp16") {
    return Error::in_setting(
        "precision", "fp16 has no practical peak on the CPU (it is emulated); use fp32 or bf16");
  }
  PeakFlops peak;
  peak.device = device_key(selection.device);
  peak.precision = precision;
  const std::filesystem::path file = peak_flops_cache_file();
  const KeptPeak kept = read_kept_peak(file.empty() ? nlohmann::json::object() : read_cache(file),
                                       peak.device, precision);
  if (!needs_probe(kept, remeasure)) {
    peak.flops_per_second = best_peak(kept, 0);
    return peak;
  }
  Probe probe;
  try {
    probe = measure(selection.device, *dtype);
  } catch (const std::exception& error) {
    return Error::in_setting(
        "precision", "could not measure " + precision + " on " + peak.device + ": " + error.what());
  }
  // The probe's matrices must not stay in the CUDA allocator's cache, counted as the run's.
  if (selection.device.is_cuda()) release_cached_memory(selection.device);
  peak.measured_now = true;
  peak.probed_while_busy = probe.busy;
  peak.probed = probe.mean;
  peak.flops_per_second = best_peak(kept, probe.flops_per_second);
  if (!file.empty()) {
    // Read again just before writing, so a peak another process measured meanwhile stays.
    nlohmann::json latest = read_cache(file);
    keep_peak(latest, peak.device, precision, probe.flops_per_second, probe.busy);
    std::error_code ignored;
    std::filesystem::create_directories(file.parent_path(), ignored);
    // A cache that cannot be written costs a measurement next time, nothing more.
    (void)write_file_atomically(file, latest.dump(2) + "\n");
  }
  return peak;
}

}  // namespace convstudio
