#pragma once
// A run's clocks and gauges: wall time, the time spent training (pauses left out) and on
// bookkeeping, the throughput over the recent steps, this rank's own rate, the memory probe
// (a few times a second on the CPU), and every rank's figures from the last step's agreement.
// Internal (LibTorch).

#include <torch/torch.h>

#include <chrono>
#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

#include "convstudio/train/memory_snapshot.h"
#include "utilisation_meter.h"

namespace convstudio {

struct StepThroughput {
  double samples_per_second = 0;  // over the recent steps
  double seconds_per_step = 0;    // the same window; from the run's start until it has two steps
};

class RunMeters {
 public:
  using Clock = std::chrono::steady_clock;

  // Adds the time from its creation to the bookkeeping when it ends.
  class Bookkeeping {
   public:
    explicit Bookkeeping(RunMeters& meters) : meters_(meters), started_(Clock::now()) {}
    ~Bookkeeping();
    Bookkeeping(const Bookkeeping&) = delete;
    Bookkeeping& operator=(const Bookkeeping&) = delete;

   private:
    RunMeters& meters_;
    Clock::time_point started_;
  };

  void start_run() { started_ = Clock::now(); }
  // The epoch's wall time (pauses and validations included): since start_epoch().
  void start_epoch() { epoch_started_ = Clock::now(); }
  double epoch_seconds() const;
  // The device whose memory the probe reads.
  void watch_memory_of(const torch::Device& device) { device_ = device; }
  double wall_seconds() const;
  // Training time runs between start_segment() and end_segment() (a pause ends a segment).
  void start_segment() { segment_start_ = Clock::now(); }
  void end_segment();
  // Ends an optimizer step's segment: `local_samples` of this rank, `samples` over all ranks.
  void end_step(std::int64_t local_samples, std::int64_t samples);
  Bookkeeping bookkeeping() { return Bookkeeping(*this); }
  // The step just ended joins the recent window; `steps_this_run` counts it.
  StepThroughput record_step(std::int64_t samples, std::int64_t steps_this_run);
  // The memory now on CUDA; on the CPU at most every kMemoryProbeInterval, else the last probe.
  const MemorySnapshot& probe_memory_if_due();
  // What the ranks compare: allocated bytes on CUDA, resident bytes on the CPU.
  std::uint64_t memory_bytes() const;
  void set_rank_figures(std::vector<double> samples_per_second, std::vector<std::uint64_t> memory);
  // Achieved FLOP/s as a share of the peak (set once the peak is known).
  UtilisationMeter& utilisation() { return utilisation_; }

  double training_seconds() const { return training_seconds_; }
  double bookkeeping_seconds() const { return bookkeeping_seconds_; }
  std::int64_t samples_trained() const { return samples_trained_; }
  double local_samples_per_second() const { return local_samples_per_second_; }
  const std::vector<double>& rank_samples_per_second() const { return rank_samples_per_second_; }
  const std::vector<std::uint64_t>& rank_memory_bytes() const { return rank_memory_bytes_; }

 private:
  torch::Device device_ = torch::kCPU;
  Clock::time_point started_;
  Clock::time_point epoch_started_;
  Clock::time_point segment_start_;
  double training_seconds_ = 0;     // wall time inside train_epoch, for ETA and throughput
  double bookkeeping_seconds_ = 0;  // the part spent on figures: metrics sums and step reports
  std::deque<std::pair<double, std::int64_t>> recent_steps_;  // (time, samples) for throughput
  std::int64_t samples_trained_ = 0;
  double local_samples_per_second_ = 0;  // this rank's, over its last step
  MemorySnapshot last_memory_;
  Clock::time_point last_memory_probe_;
  // Data-parallel runs: every rank's figures from the last step's agreement.
  std::vector<double> rank_samples_per_second_;
  std::vector<std::uint64_t> rank_memory_bytes_;
  UtilisationMeter utilisation_{0, 0};
};

}  // namespace convstudio
