#pragma once
// Where and how a run computes, settled before anything is built: the device (a data-parallel
// rank's own GPU), the precision `Auto` becomes, the seed and the process-wide determinism
// switches, the memory layout, and the device's peak FLOP/s for the utilisation figures.
// Internal (LibTorch).

#include <torch/torch.h>

#include <optional>
#include <string>

#include "convstudio/error.h"
#include "convstudio/model/training_settings.h"
#include "convstudio/train/distributed_options.h"
#include "run_log.h"

namespace convstudio {

class RunEnvironment {
 public:
  // Picks the device and sets the seed and determinism switches; `settings.amp` becomes the
  // precision the run really uses (checkpoints record it). An unusable device is the error.
  std::optional<Error> settle(TrainingSettings& settings, const DistributedOptions& distributed,
                              RunLog& log);
  // Whether the model `analysis` describes runs channels-last (memory_format_rule, after
  // settle): Auto's choice is logged with its reason.
  bool channels_last(const TrainingSettings& settings, const ModelAnalysis& analysis,
                     RunLog& log) const;
  // How the peak is found: from the cache (or measured when none is kept), probed again (never
  // lower than before), or as this rank's share of a CPU that other ranks may share: probed by
  // every rank at once, each keeping what it measured itself.
  enum class PeakProbe { Cached, Again, SharedCpu };
  // The device's peak FLOP/s for `amp`; a run without it still trains, with a log line saying
  // why it is unknown.
  void find_peak_flops(AmpMode amp, RunLog& log, PeakProbe probe = PeakProbe::Cached);

  const torch::Device& device() const { return device_; }
  bool on_cuda() const { return device_.is_cuda(); }
  const std::string& device_name() const { return device_name_; }  // "cpu", "cuda:1"
  double peak_flops() const { return peak_flops_; }                // 0 when unknown

 private:
  void resolve_precision(TrainingSettings& settings, RunLog& log) const;

  torch::Device device_ = torch::kCPU;
  std::string device_name_ = "cpu";
  double peak_flops_ = 0;
};

}  // namespace convstudio
