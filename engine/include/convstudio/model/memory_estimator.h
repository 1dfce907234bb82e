#pragma once
// Training memory estimate, so the GUI can warn before a run runs out of memory.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "convstudio/model/block_analysis.h"
#include "convstudio/model/graph.h"
#include "convstudio/model/training_settings.h"

namespace convstudio {

enum class Precision { Fp32, Fp16, Bf16 };

std::string to_string(Precision precision);  // "fp32" | "fp16" | "bf16"
std::optional<Precision> parse_precision(std::string_view text);
Precision precision_of(AmpMode amp);  // Off -> Fp32
AmpMode amp_of(Precision precision);  // Fp32 -> Off
int bytes_per_element(Precision precision);

// When a training step reaches its highest memory.
enum class MemoryPhase { Forward, Backward, OptimizerStep };

// What a training step is estimated to hold at its highest moment, in bytes, and what each part
// is at that moment (the parts' own largest values come at different moments).
struct MemoryEstimate {
  std::int64_t weights_bytes = 0;          // fp32 master weights (+ autocast's 2-byte copies)
  std::int64_t gradients_bytes = 0;        // fp32 parameter gradients allocated so far
  std::int64_t optimizer_state_bytes = 0;  // momentum buffers, Adam moments…, fp32
  std::int64_t activations_bytes = 0;      // tensors autograd still keeps for backward
  std::int64_t input_batch_bytes = 0;      // the fp32 input batch and its labels
  // What the moment itself needs: gradients flowing back between blocks, the output being
  // produced, a convolution's unfolded input, a recomputed segment's tensors.
  std::int64_t workspace_bytes = 0;
  std::int64_t total_bytes = 0;  // sum of the above: the estimated peak
  MemoryPhase peak_phase = MemoryPhase::Forward;
  std::string peak_block;  // the block forward or backward is running at the peak (else empty)

  bool operator==(const MemoryEstimate&) const = default;
};

struct MemoryOptions {
  std::int64_t batch_size = 64;  // the micro-batch: what one forward pass holds
  Precision precision = Precision::Fp32;
  OptimizerKind optimizer = OptimizerKind::Sgd;
  double momentum = 0.9;  // the one setting an optimizer's state size depends on (SGD, RMSprop)
  bool on_cuda = false;   // the kernels below are the CPU's; CUDA's libraries' workspaces are not
                          // modelled
  bool channels_last = false;  // LibTorch's own pooling kernel keeps the layout (no oneDNN copy)
  // Convolutions unfold their input (im2col, LibTorch's slow_conv2d) because oneDNN has no
  // kernel for the precision on this CPU: bf16 without AVX-512, fp16 without AVX-512 FP16.
  bool convolutions_unfold = false;
};

// The options of a project's training settings on this machine: batch, precision (Auto counts as
// fp32), optimizer, device ("auto" counts as the CPU), channels-last (as memory_format_rule
// decides it for the model `analysis` describes), and whether this CPU's convolutions unfold at
// that precision.
MemoryOptions memory_options(const TrainingSettings& training, const ModelAnalysis& analysis);
// Whether LibTorch's convolutions unfold their input on this CPU at `precision`.
bool cpu_convolutions_unfold(Precision precision);

// A model of what LibTorch training holds, moment by moment, whose highest moment is the
// estimate (tests/bench/memory_estimate_bench.sh measures it against LibTorch's allocator):
// - always: fp32 weights (under fp16/bf16 autocast also a 2-byte copy of each convolution's and
//   linear layer's weights, saved for backward), the optimizer's state
//   (OptimizerSpec::state_bytes_per_parameter × params), the fp32 input batch and labels;
// - forward, block by block: what earlier blocks keep for backward (kept_for_backward), outputs
//   still waiting for a later reader, the block's output and, when convolutions unfold, its
//   unfolded input (batch × C_in/groups × k² × H_out × W_out; none for 1×1 stride-1 ones);
// - backward, in reverse: what blocks not yet passed still keep, the fp32 parameter gradients
//   of the blocks passed, the gradients waiting at each block's output, the input gradients the
//   block produces (Add, Concat and views pass theirs on without a copy) and its unfolded input
//   again; a recomputed segment (activation checkpointing), when backward reaches it, holds
//   every output, mask and index of its blocks until backward has passed each;
// - the optimizer step: weights, gradients, state and the batch.
// Activations and their gradients are at the precision's element size.
class MemoryEstimator {
 public:
  static MemoryEstimate estimate(const Graph& graph, const ModelAnalysis& analysis,
                                 const MemoryOptions& options);
  // memory_options(training, analysis).
  static MemoryEstimate estimate(const Graph& graph, const ModelAnalysis& analysis,
                                 const TrainingSettings& training);
  // What one block keeps for backward from its forward to its own backward, whole batch: its
  // output when kept (it saves it or a consumer saves it as input), dropout masks, max-pool
  // int64 indices; LibTorch's oneDNN max pooling (fp32 on the CPU, NCHW, windows that do not
  // overlap) instead keeps a copy of its input, its own output and a byte per output. A
  // recomputed block keeps only its output when a block outside its segment needs it. The
  // profiler shows it beside the measured figure.
  static std::int64_t kept_for_backward(const Block& block, const BlockAnalysis& analysed,
                                        const MemoryOptions& options);
};

}  // namespace convstudio
