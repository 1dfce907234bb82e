// TrainingRun's utilisation: the peak the ranks can do together, probed again when a rate
// exceeds it (utilisation_meter.h), so no figure above 100 % is shown.

#include "training_run.h"

#include <vector>

namespace convstudio {

void TrainingRun::find_peak_flops(bool again) {
  using PeakProbe = RunEnvironment::PeakProbe;
  if (!distributed() || environment_.on_cuda()) {
    environment_.find_peak_flops(settings_.amp, log_, again ? PeakProbe::Again : PeakProbe::Cached);
    return;
  }
  // CPU ranks may share one machine's cores (ranks on one host) or not (several hosts): each
  // probes at the same moment as the others, so each measures the share it really has. A
  // collective first, so that no rank probes while another still loads its data.
  std::vector<double> start{0};
  ranks_.parallel().sum_over_ranks(start);
  environment_.find_peak_flops(settings_.amp, log_, PeakProbe::SharedCpu);
}

double TrainingRun::total_peak_flops() {
  const double own = environment_.peak_flops();
  if (!distributed()) return own;
  // Each rank probed its own share of the machine (its threads, its GPU); together they can do
  // the sum. One rank without a peak leaves the whole unknown.
  std::vector<double> sums{own, own > 0 ? 1.0 : 0.0};
  ranks_.parallel().sum_over_ranks(sums);
  return sums[1] >= static_cast<double>(options_.distributed.world_size) ? sums[0] : 0;
}

void TrainingRun::remeasure_peak_if_due() {
  // Ranks decide from their own clocks, so they could disagree: they probe at a validation.
  if (distributed() || !meters_.utilisation().remeasure_due()) return;
  remeasure_peak_flops();
}

void TrainingRun::remeasure_peak_with_ranks() {
  if (!distributed()) return;
  std::vector<double> due{meters_.utilisation().remeasure_due() ? 1.0 : 0.0};
  ranks_.parallel().sum_over_ranks(due);
  if (due[0] > 0) remeasure_peak_flops();
}

void TrainingRun::remeasure_peak_flops() {
  find_peak_flops(/*again=*/true);
  meters_.utilisation().remeasured(total_peak_flops());
  // The probe's half second between two steps is not training time.
  meters_.start_segment();
}

}  // namespace convstudio
