#include "profile_steps.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <set>
#include <stdexcept>
#include <utility>

#include "autocast_guard.h"
#include "block_timeline.h"
#include "convstudio/model/memory_estimator.h"
#include "kept_memory_tracker.h"
#include "loss_scaler.h"
#include "memory_probe.h"
#include "nn/cpu_allocation_meter.h"
#include "training_loss.h"

namespace convstudio {
namespace {

// Clock marks of one step's parts, in the order the step reaches them.
struct StepMarks {
  int start = 0;
  int data = 0;      // the batch is on the device
  int forward = 0;   // the logits are there
  int loss = 0;      // the loss is there
  int backward = 0;  // every gradient is there
  int optimizer = 0;
  int end = 0;
};

// One block's FLOPs per sample: forward, and backward as training_cost.cpp counts it (the
// input's gradient when a block before it trains, the weights' when it trains itself).
struct BlockFlops {
  double forward = 0;
  double backward = 0;
};

std::vector<BlockFlops> flops_per_sample(const Graph& graph, const ModelAnalysis& analysis) {
  std::set<std::string, std::less<>> carries_gradient;
  std::vector<BlockFlops> flops;
  for (const BlockAnalysis& analysed : analysis.blocks) {
    const Block* block = graph.find_block(analysed.id);
    const bool trains_weights = block != nullptr && block->trainable && analysed.params > 0;
    bool input_needs_gradient = false;
    for (const Connection& wire : graph.inputs_of(analysed.id)) {
      if (carries_gradient.contains(wire.from)) input_needs_gradient = true;
    }
    const double macs = static_cast<double>(analysed.macs);
    flops.push_back(
        {2 * macs, 2 * macs * ((input_needs_gradient ? 1 : 0) + (trains_weights ? 1 : 0))});
    if (trains_weights || input_needs_gradient) carries_gradient.insert(analysed.id);
  }
  return flops;
}

// Sums of the measured steps, per block and per stage, turned into means at the end.
class ProfileTally {
 public:
  explicit ProfileTally(std::size_t blocks)
      : forward_(blocks, 0), backward_(blocks, 0), kept_(blocks, 0), samples_(0) {}

  // Adds one settled step; `origin_us` is its start from the first measured step's.
  void add(const ProfileClock& clock, const StepMarks& m, const BlockTimeline& timeline,
           const std::vector<std::string>& ids, std::int64_t step, double origin_us,
           std::int64_t rows, std::vector<ProfileEvent>& events) {
    const auto ms = [&](int from, int to) { return clock.ms_between(from, to); };
    const auto event = [&](const std::string& name, const char* track, int from, int to) {
      events.push_back(
          {name, track, step, origin_us + 1000 * ms(m.start, from), 1000 * ms(from, to)});
    };
    step_ += ms(m.start, m.end);
    stage_[static_cast<int>(StageKind::DataLoading)] += ms(m.start, m.data);
    event(to_string(StageKind::DataLoading), "step", m.start, m.data);

    double in_blocks = 0;
    for (std::size_t b = 0; b < ids.size(); ++b) {
      const int begin = timeline.forward_begin()[b];
      const int end = timeline.forward_end()[b];
      if (begin < 0 || end < 0) continue;
      forward_[b] += ms(begin, end);
      in_blocks += ms(begin, end);
      event(ids[b], "forward", begin, end);
    }
    // Between blocks: freeing values after their last reader, the recomputed segments' set-up.
    stage_[static_cast<int>(StageKind::Bookkeeping)] += ms(m.data, m.forward) - in_blocks;

    const auto& marks = timeline.backward_marks();
    const int loss_end = marks.empty() ? m.backward : marks.front().second;
    stage_[static_cast<int>(StageKind::Loss)] += ms(m.forward, loss_end);
    event("loss", "step", m.forward, loss_end);
    for (std::size_t k = 0; k < marks.size(); ++k) {
      const auto [block, from] = marks[k];
      const int to = k + 1 < marks.size() ? marks[k + 1].second : m.backward;
      backward_[block] += ms(from, to);
      event(ids[block], "backward", from, to);
    }
    stage_[static_cast<int>(StageKind::Optimizer)] += ms(m.backward, m.optimizer);
    event(to_string(StageKind::Optimizer), "step", m.backward, m.optimizer);
    stage_[static_cast<int>(StageKind::Bookkeeping)] += ms(m.optimizer, m.end);
    event(to_string(StageKind::Bookkeeping), "step", m.optimizer, m.end);

    for (std::size_t b = 0; b < kept_.size() && b < timeline.kept_bytes().size(); ++b) {
      kept_[b] += timeline.kept_bytes()[b];
    }
    samples_ += rows;
    ++steps_;
  }

  void finish(const ProfileSubject& subject, const std::vector<std::string>& ids,
              StepProfile& profile) const {
    profile.steps = steps_;
    if (steps_ == 0) return;
    const double n = static_cast<double>(steps_);
    profile.step_ms = step_ / n;
    const std::vector<BlockFlops> flops = flops_per_sample(*subject.graph, *subject.analysis);
    MemoryOptions memory;
    memory.batch_size = samples_ / steps_;
    memory.precision = precision_of(subject.amp);
    memory.on_cuda = subject.device.is_cuda();
    memory.channels_last = subject.channels_last;
    for (std::size_t b = 0; b < ids.size(); ++b) {
      const BlockAnalysis& analysed = subject.analysis->blocks[b];
      BlockProfile row;
      row.block_id = ids[b];
      row.type = analysed.type;
      row.forward_ms = forward_[b] / n;
      row.backward_ms = backward_[b] / n;
      row.kept_bytes = kept_[b] / steps_;
      const Block* block = subject.graph->find_block(analysed.id);
      row.estimated_kept_bytes =
          block != nullptr ? MemoryEstimator::kept_for_backward(*block, analysed, memory) : 0;
      const double per_step_samples = static_cast<double>(samples_) / n;
      row.flops = (flops[b].forward + flops[b].backward) * per_step_samples;
      if (row.total_ms() > 0) row.flops_per_second = row.flops / (row.total_ms() / 1000);
      row.share = profile.step_ms > 0 ? row.total_ms() / profile.step_ms : 0;
      profile.blocks.push_back(std::move(row));
    }
    for (int kind = 0; kind < kStages; ++kind) {
      StageProfile stage;
      stage.kind = static_cast<StageKind>(kind);
      stage.ms = stage_[kind] / n;
      stage.share = profile.step_ms > 0 ? stage.ms / profile.step_ms : 0;
      profile.stages.push_back(stage);
    }
  }

 private:
  static constexpr int kStages = 4;
  std::vector<double> forward_;
  std::vector<double> backward_;
  std::vector<std::int64_t> kept_;
  double stage_[kStages] = {0, 0, 0, 0};
  double step_ = 0;
  std::int64_t samples_ = 0;
  std::int64_t steps_ = 0;
};

// The observer is set for the profiler's steps only and removed however they end.
class ObserverScope {
 public:
  ObserverScope(GraphModule& model, BlockObserver& observer) : model_(model) {
    set_block_observer(*model_, &observer);
  }
  ~ObserverScope() { set_block_observer(*model_, nullptr); }
  ObserverScope(const ObserverScope&) = delete;
  ObserverScope& operator=(const ObserverScope&) = delete;

 private:
  GraphModule& model_;
};

std::optional<Batch> next_or_restart(const ProfileSubject& subject) {
  std::optional<Batch> batch = subject.next_batch();
  if (batch) return batch;
  subject.restart();
  return subject.next_batch();
}

// The CPU allocator's peak in each part of a step, the highest over the steps measured.
class PhasePeaks {
 public:
  enum Phase { Data, Forward, Backward, Optimizer, Bookkeeping, kPhases };

  // Ends the phase running until now (its peak kept) and starts `next`.
  void lap(Phase next) {
    if (meter_) {
      peaks_[current_] = std::max(peaks_[current_], meter_->peak_bytes());
      meter_->reset_peak();
    }
    current_ = next;
  }
  void start_on_cpu() { meter_.emplace(); }
  bool on_cpu() const { return meter_.has_value(); }
  std::int64_t peak(Phase phase) const { return peaks_[phase]; }
  std::int64_t whole() const { return *std::max_element(peaks_, peaks_ + kPhases); }

 private:
  std::optional<CpuAllocationMeter> meter_;
  Phase current_ = Data;
  std::int64_t peaks_[kPhases] = {0, 0, 0, 0, 0};
};

// One training step as a run takes it, marking its parts on `clock` (null: unmarked) and, when
// given, the allocator's peak of each part.
class ProfiledStep {
 public:
  explicit ProfiledStep(const ProfileSubject& subject)
      : subject_(subject), scaler_(scaler_options(subject.amp)) {}

  // Returns the rows of the batch.
  std::int64_t run(ProfileClock* clock, BlockTimeline* timeline, StepMarks& m,
                   PhasePeaks* peaks = nullptr) {
    GraphModule& model = *subject_.model;
    const auto mark = [clock] { return clock != nullptr ? clock->mark() : 0; };
    const auto lap = [peaks](PhasePeaks::Phase next) {
      if (peaks != nullptr) peaks->lap(next);
    };
    lap(PhasePeaks::Data);
    m.start = mark();
    std::optional<Batch> batch = next_or_restart(subject_);
    if (!batch) throw std::runtime_error("the training data holds no batch");
    const torch::Tensor images = batch->images.to(subject_.device, batch->non_blocking);
    const torch::Tensor labels = batch->labels.to(subject_.device, batch->non_blocking);
    m.data = mark();
    lap(PhasePeaks::Forward);
    if (timeline != nullptr) timeline->start_forward();
    torch::Tensor logits;
    {
      AutocastGuard autocast(subject_.device, subject_.amp);
      logits = model->forward(images);
    }
    m.forward = mark();
    lap(PhasePeaks::Backward);
    if (timeline != nullptr) timeline->start_backward();
    const torch::Tensor loss = plain_cross_entropy(logits.to(torch::kFloat), labels);
    m.loss = mark();
    scaler_.scale(loss).backward();
    m.backward = mark();
    lap(PhasePeaks::Optimizer);
    scaler_.step(*subject_.optimizer);
    scaler_.update();
    subject_.optimizer->zero_grad(true);
    m.optimizer = mark();
    lap(PhasePeaks::Bookkeeping);
    // What a run reads back each step: the loss and the correct count.
    loss_sum_ += loss.item<double>();
    correct_ += logits.argmax(1).eq(labels).sum().item<std::int64_t>();
    m.end = mark();
    lap(PhasePeaks::Data);
    return labels.size(0);
  }

 private:
  static LossScalerOptions scaler_options(AmpMode amp) {
    LossScalerOptions options;
    options.enabled = amp == AmpMode::Fp16;
    return options;
  }

  const ProfileSubject& subject_;
  LossScaler scaler_;
  double loss_sum_ = 0;
  std::int64_t correct_ = 0;
};

// What the module's weights and buffers hold (allocated before the steps are counted).
std::int64_t module_bytes(const torch::nn::Module& module) {
  std::int64_t bytes = 0;
  for (const torch::Tensor& tensor : module.parameters()) bytes += tensor.nbytes();
  for (const torch::Tensor& tensor : module.buffers()) bytes += tensor.nbytes();
  return bytes;
}

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace

void run_profile_steps(const ProfileSubject& subject, std::int64_t warmup, std::int64_t steps,
                       const ProfileProgress& progress, StepProfile& profile) {
  GraphModule& model = *subject.model;
  std::unique_ptr<ProfileClock> own_clock;
  ProfileClock* clock = subject.clock;
  if (clock == nullptr) {
    own_clock = make_profile_clock(subject.device);
    clock = own_clock.get();
  }
  profile.timer = clock->name();
  // The module runs one step per analysed block, in the analysis's order.
  std::vector<std::string> ids;
  for (const BlockAnalysis& block : subject.analysis->blocks) ids.push_back(block.id);
  const int blocks = static_cast<int>(ids.size());
  ProfileTally tally(ids.size());
  ProfiledStep training_step(subject);
  model->train();
  subject.optimizer->zero_grad(true);
  const std::int64_t total = warmup + 2 * steps;
  const auto report = [&](std::int64_t done) {
    if (progress && !progress(done, total)) profile.cancelled = true;
    return !profile.cancelled;
  };

  // The same steps unobserved first: what a step costs without the profiler, so the report can
  // say what profiling added (the warm-up steps warm both), and the memory a step holds at its
  // peak.
  double plain_ms = 0;
  {
    PhasePeaks peaks;
    if (!subject.device.is_cuda()) {
      peaks.start_on_cpu();
    } else {
      reset_peak_memory(subject.device);
    }
    for (std::int64_t step = 0; step < warmup + steps; ++step) {
      StepMarks unused;
      const auto started = std::chrono::steady_clock::now();
      training_step.run(nullptr, nullptr, unused, &peaks);
      if (step >= warmup) plain_ms += ms_since(started);
      if (!report(step + 1)) return;
    }
    if (peaks.on_cpu()) {
      const std::int64_t module = module_bytes(*model);
      profile.peak_bytes = module + peaks.whole();
      profile.peak_by_part.forward_bytes = module + peaks.peak(PhasePeaks::Forward);
      profile.peak_by_part.backward_bytes = module + peaks.peak(PhasePeaks::Backward);
      profile.peak_by_part.optimizer_bytes = module + peaks.peak(PhasePeaks::Optimizer);
    } else {
      profile.peak_bytes =
          static_cast<std::int64_t>(probe_memory(subject.device).peak_allocated_bytes);
    }
  }
  profile.plain_step_ms = steps > 0 ? plain_ms / static_cast<double>(steps) : 0;
  if (subject.peak_only) return;

  std::optional<KeptMemoryTracker> tracker;
  if (subject.measure_memory) tracker.emplace(blocks);
  BlockTimeline timeline(blocks, *clock, tracker ? &*tracker : nullptr);
  const ObserverScope observing(model, timeline);
  double wall_ms = 0;
  std::chrono::steady_clock::time_point first;
  for (std::int64_t step = 0; step < steps; ++step) {
    const auto started = std::chrono::steady_clock::now();
    if (step == 0) first = started;
    clock->clear();
    StepMarks m;
    const std::int64_t rows = training_step.run(clock, &timeline, m);
    clock->settle();
    wall_ms += ms_since(started);
    const double origin_us = std::chrono::duration<double, std::micro>(started - first).count();
    tally.add(*clock, m, timeline, ids, step, origin_us, rows, profile.events);
    if (!report(warmup + steps + step + 1)) break;
  }
  tally.finish(subject, ids, profile);
  if (profile.steps > 0) profile.wall_step_ms = wall_ms / static_cast<double>(profile.steps);
}

}  // namespace convstudio
