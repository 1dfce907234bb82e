#pragma once
// The profiler: a few training steps of a project, measured block by block. For each block its
// forward and backward time, the activation memory it keeps for backward (measured: what it
// allocated in its forward that is still alive when backward starts), achieved FLOP/s and its
// share of the step; data loading, the loss, the optimizer step and bookkeeping as rows of their
// own. Torch-free interface: the CLI's table and trace and the studio's canvas colours read it.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/project.h"

namespace convstudio {

struct ProfileOptions {
  Project project;            // its device, precision, batch size, channels-last and optimizer
  std::string start_weights;  // as RunOptions::start_weights; empty: PyTorch's initialisation
  // Steps run first and not measured (allocator and oneDNN warm-up), then `steps` unprofiled
  // steps (the cost of a step without the profiler), then `steps` profiled ones, whose means
  // the figures are.
  std::int64_t warmup = 3;
  std::int64_t steps = 10;
};

// One block's row, means over the measured steps.
struct BlockProfile {
  std::string block_id;
  std::string type;
  double forward_ms = 0;
  double backward_ms = 0;  // includes recomputing a checkpointed segment
  // Measured: bytes the block's forward allocated that are alive when backward starts (what
  // autograd saved, the block's output when a later block saved it), whole batch.
  std::int64_t kept_bytes = 0;
  // The builder's estimate for the same block (MemoryEstimator's rule), whole batch.
  std::int64_t estimated_kept_bytes = 0;
  double flops = 0;             // forward + backward floating-point operations, whole batch
  double flops_per_second = 0;  // flops / (forward + backward time); 0 without MACs
  double share = 0;             // (forward + backward) / step time, 0..1

  double total_ms() const { return forward_ms + backward_ms; }
};

// The step's parts that are not a block.
enum class StageKind {
  DataLoading,  // the next batch from the loader and its copy to the device
  Loss,         // the loss's forward and backward (before backward reaches the Output block)
  Optimizer,    // the optimizer step and clearing the gradients
  Bookkeeping,  // reading the loss and correct count back, between-block work of the forward
};
// "data loading", "loss", "optimizer step", "bookkeeping" (inline: the studio's widgets, which
// link only the torch-free model library, read these structs too).
inline std::string to_string(StageKind kind) {
  switch (kind) {
    case StageKind::DataLoading:
      return "data loading";
    case StageKind::Loss:
      return "loss";
    case StageKind::Optimizer:
      return "optimizer step";
    case StageKind::Bookkeeping:
      return "bookkeeping";
  }
  return "bookkeeping";
}

struct StageProfile {
  StageKind kind = StageKind::DataLoading;
  double ms = 0;
  double share = 0;
};

// A measured interval of one step, for the Chrome trace: times in microseconds from the start
// of the first measured step.
struct ProfileEvent {
  std::string name;   // a block id or a stage's name
  std::string track;  // "forward", "backward" or "step"
  std::int64_t step = 0;
  double start_us = 0;
  double duration_us = 0;
};

// A training step's measured memory peak in each of its parts (CPU only; 0 on CUDA), weights
// and buffers included: the forward pass, backward (recomputed segments included) and the
// optimizer step with clearing the gradients.
struct MeasuredPeaks {
  std::int64_t forward_bytes = 0;
  std::int64_t backward_bytes = 0;
  std::int64_t optimizer_bytes = 0;
};

struct StepProfile {
  std::vector<BlockProfile> blocks;  // in the graph's order (its topological order)
  std::vector<StageProfile> stages;  // one per StageKind, in its order
  // The step's time measured whole, from the start of loading to the end of bookkeeping; the
  // rows above partition it, so their sum stays within a few per cent of it.
  double step_ms = 0;
  // Checks on the figures, both measured on the host's clock around whole steps: a profiled
  // step (the profiler's own work included; on the CPU step_ms's rows should sum to within
  // 10% of it) and the same step unprofiled (what profiling costs: wall_step_ms / plain_step_ms).
  double wall_step_ms = 0;
  double plain_step_ms = 0;
  // A training step's tensor memory at its peak, measured over the unprofiled steps (the first
  // creates the optimizer's state): on the CPU the weights and buffers plus the most that
  // LibTorch's CPU allocator had handed out at once during those steps (its own reports,
  // counted on the training thread); on CUDA the caching allocator's max_memory_allocated.
  std::int64_t peak_bytes = 0;
  MeasuredPeaks peak_by_part;  // the same peak in each part of the step
  // The builder's estimate of the same (MemoryEstimator, this batch and precision), and where
  // it puts the peak: "backward of s1_conv2", "forward of fc1", "optimizer step".
  std::int64_t estimated_bytes = 0;
  std::string estimated_peak_at;
  // When blocks are recomputed in backward: the peak of the same steps with nothing recomputed,
  // measured (on a second model) and estimated; 0 otherwise.
  std::int64_t peak_bytes_without_recompute = 0;
  std::int64_t estimated_bytes_without_recompute = 0;
  std::int64_t steps = 0;  // measured
  std::int64_t batch_size = 0;
  std::string device;     // "cpu", "cuda:0"
  std::string precision;  // "fp32", "bf16", "fp16"
  std::string timer;      // "host clock" or "CUDA events"
  std::vector<ProfileEvent> events;
  bool cancelled = false;
  std::optional<Error> error;

  // Every block's forward and backward plus every stage.
  double rows_ms() const {
    double sum = 0;
    for (const BlockProfile& block : blocks) sum += block.total_ms();
    for (const StageProfile& stage : stages) sum += stage.ms;
    return sum;
  }
  // The block with the largest forward + backward time; nullptr without blocks.
  const BlockProfile* hottest() const {
    const BlockProfile* hot = nullptr;
    for (const BlockProfile& block : blocks) {
      if (hot == nullptr || block.total_ms() > hot->total_ms()) hot = &block;
    }
    return hot;
  }
};

// After every step, warm-up included: returning false cancels.
using ProfileProgress = std::function<bool(std::int64_t step, std::int64_t steps)>;

// Profiles the project's training: warm-up steps, then measured ones, on its training data.
// Problems (device, graph, data) come back as `error` with their place.
StepProfile profile_training(const ProfileOptions& options, const ProfileProgress& progress = {});

// Why these options cannot run, or nullopt; the field is "profile.NAME".
std::optional<Error> check_profile_options(const ProfileOptions& options);

// The events in Chrome's trace-event format ({"traceEvents": [...]}: "X" complete events with
// ts and dur in microseconds, forward, backward and step parts on tracks of their own), which
// Perfetto and chrome://tracing open.
std::string chrome_trace_json(const StepProfile& profile);

}  // namespace convstudio
