#include "run_environment.h"

#include <cstdlib>
#include <sstream>

#include "amp_choice.h"
#include "convstudio/train/peak_flops.h"
#include "device_selection.h"
#include "runs/engine_messages.h"

namespace convstudio {

std::optional<Error> RunEnvironment::settle(TrainingSettings& settings,
                                            const DistributedOptions& distributed, RunLog& log) {
  const DeviceSelection selection = select_device(settings.device);
  if (selection.error) return selection.error;
  device_ = selection.device;
  if (distributed.enabled() && device_.is_cuda()) {
    // One GPU per process: the rank's place on its machine picks it.
    device_ = torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(distributed.local_rank));
  }
  // cuBLAS is deterministic only with a fixed workspace, which must be set before its first use.
  if (settings.deterministic && device_.is_cuda()) setenv("CUBLAS_WORKSPACE_CONFIG", ":4096:8", 0);
  device_name_ = device_.is_cuda() ? "cuda:" + std::to_string(device_.index()) : "cpu";
  resolve_precision(settings, log);
  torch::manual_seed(static_cast<std::uint64_t>(settings.seed));
  // Process-wide switches: set both ways, so one deterministic run does not bind the next.
  at::globalContext().setDeterministicAlgorithms(settings.deterministic, /*warn_only=*/false);
  at::globalContext().setDeterministicCuDNN(settings.deterministic);
  at::globalContext().setBenchmarkCuDNN(settings.cudnn_benchmark && !settings.deterministic &&
                                        device_.is_cuda());
  return std::nullopt;
}

void RunEnvironment::resolve_precision(TrainingSettings& settings, RunLog& log) const {
  if (settings.amp != AmpMode::Auto) return;
  const AmpChoice amp = resolve_amp(settings.amp, device_);
  settings.amp = amp.mode;
  if (amp.mode == AmpMode::Off) {
    log.write(LogLevel::Info, {messages::kAmpAutoOff, {device_name_, amp.evidence}});
  } else {
    log.write(LogLevel::Info,
              {messages::kAmpAutoOn, {to_string(amp.mode), device_name_, amp.evidence}});
  }
}

bool RunEnvironment::channels_last(const TrainingSettings& settings, const ModelAnalysis& analysis,
                                   RunLog& log) const {
  const MemoryFormatRule rule = memory_format_rule(settings.memory_format, device_.is_cuda(),
                                                   settings.amp, analysis.convolution_work());
  using Reason = MemoryFormatRule::Reason;
  switch (rule.reason) {
    case Reason::Asked:
      break;
    case Reason::NoConvolutions:
      log.write(LogLevel::Info, {messages::kMemoryFormatAutoNoConvolutions, {}});
      break;
    case Reason::CpuOneDnn:
      log.write(LogLevel::Info, {messages::kMemoryFormatAutoCpu, {}});
      break;
    case Reason::CpuNarrowFp32:
      log.write(LogLevel::Info, {messages::kMemoryFormatAutoCpuNarrow, {}});
      break;
    case Reason::GpuMixedPrecision:
      log.write(LogLevel::Info,
                {messages::kMemoryFormatAutoGpuMixed, {to_string(settings.amp), device_name_}});
      break;
    case Reason::GpuFp32:
      log.write(LogLevel::Info, {messages::kMemoryFormatAutoGpuFp32, {device_name_}});
      break;
  }
  return rule.channels_last;
}

void RunEnvironment::find_peak_flops(AmpMode amp, RunLog& log, PeakProbe probe) {
  const std::string precision = precision_name(amp);
  const Result<PeakFlops> peak =
      device_peak_flops(device_name_, precision, probe != PeakProbe::Cached);
  if (!peak) {
    log.write(LogLevel::Info, {messages::kPeakFlopsUnknown, {peak.error().message}});
    return;
  }
  peak_flops_ = peak.value().flops_per_second;
  // Ranks on one CPU share its cores: the best figure ever kept is the whole CPU's, not a share.
  if (probe == PeakProbe::SharedCpu && peak.value().probed > 0) peak_flops_ = peak.value().probed;
  if (peak.value().measured_now) {
    std::ostringstream gigaflops;
    gigaflops.precision(4);
    gigaflops << peak_flops_ / 1e9;
    log.write(LogLevel::Info, {messages::kMeasuredPeakFlops,
                               {peak.value().device, precision, gigaflops.str(),
                                peak_flops_cache_file().string()}});
  }
}

}  // namespace convstudio
