#include "run_meters.h"

#include <algorithm>

#include "memory_probe.h"

namespace convstudio {
namespace {

constexpr std::size_t kThroughputWindow = 20;
constexpr auto kMemoryProbeInterval = std::chrono::milliseconds(200);

double seconds_between(RunMeters::Clock::time_point from, RunMeters::Clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

}  // namespace

RunMeters::Bookkeeping::~Bookkeeping() {
  meters_.bookkeeping_seconds_ += seconds_between(started_, Clock::now());
}

double RunMeters::wall_seconds() const {
  return seconds_between(started_, Clock::now());
}

double RunMeters::epoch_seconds() const {
  return seconds_between(epoch_started_, Clock::now());
}

void RunMeters::end_segment() {
  training_seconds_ += seconds_between(segment_start_, Clock::now());
}

void RunMeters::end_step(std::int64_t local_samples, std::int64_t samples) {
  const auto now = Clock::now();
  const double step_seconds = seconds_between(segment_start_, now);
  training_seconds_ += step_seconds;
  segment_start_ = now;
  // This rank's own speed, shared with the others at the next step's agreement.
  if (step_seconds > 0) {
    local_samples_per_second_ = static_cast<double>(local_samples) / step_seconds;
  }
  samples_trained_ += samples;
}

StepThroughput RunMeters::record_step(std::int64_t samples, std::int64_t steps_this_run) {
  recent_steps_.emplace_back(training_seconds_, samples);
  if (recent_steps_.size() > kThroughputWindow) recent_steps_.pop_front();
  // Throughput and ETA come from the recent steps only: the first steps of a run are several
  // times slower than the rest, and an average from the start would keep the ETA too long for
  // most of the run.
  StepThroughput throughput;
  throughput.seconds_per_step =
      training_seconds_ / static_cast<double>(std::max<std::int64_t>(1, steps_this_run));
  if (recent_steps_.size() < 2) {
    throughput.samples_per_second = training_seconds_ > 0 ? samples / training_seconds_ : 0;
    return throughput;
  }
  std::int64_t window_samples = 0;
  for (std::size_t i = 1; i < recent_steps_.size(); ++i) window_samples += recent_steps_[i].second;
  const double span = recent_steps_.back().first - recent_steps_.front().first;
  throughput.samples_per_second = span > 0 ? window_samples / span : 0;
  if (span > 0) throughput.seconds_per_step = span / static_cast<double>(recent_steps_.size() - 1);
  return throughput;
}

const MemorySnapshot& RunMeters::probe_memory_if_due() {
  // The CPU probe reads /proc/self/status (tens of microseconds); resident memory moves slowly
  // and the peak is the kernel's own high-water mark, so a few reads a second see it all.
  const auto now = Clock::now();
  if (device_.is_cuda() || now - last_memory_probe_ >= kMemoryProbeInterval) {
    last_memory_ = probe_memory(device_);
    last_memory_probe_ = now;
  }
  return last_memory_;
}

std::uint64_t RunMeters::memory_bytes() const {
  return last_memory_.is_cuda ? last_memory_.allocated_bytes : last_memory_.resident_bytes;
}

void RunMeters::set_rank_figures(std::vector<double> samples_per_second,
                                 std::vector<std::uint64_t> memory) {
  rank_samples_per_second_ = std::move(samples_per_second);
  rank_memory_bytes_ = std::move(memory);
}

}  // namespace convstudio
