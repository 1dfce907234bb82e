#pragma once
// Training memory estimate, so the GUI can warn before a run runs out of memory.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "convstudio/model/block_analysis.h"
#include "convstudio/model/training_settings.h"

namespace convstudio {

enum class Precision { Fp32, Fp16, Bf16 };

std::string to_string(Precision precision);  // "fp32" | "fp16" | "bf16"
std::optional<Precision> parse_precision(std::string_view text);
Precision precision_of(AmpMode amp);  // Off -> Fp32
int bytes_per_element(Precision precision);

// What a training step is estimated to hold at its peak, in bytes.
struct MemoryEstimate {
  std::int64_t weights_bytes = 0;          // fp32 master weights (+ autocast low-precision copies)
  std::int64_t gradients_bytes = 0;        // fp32 parameter gradients
  std::int64_t optimizer_state_bytes = 0;  // momentum buffers, Adam moments…, fp32
  std::int64_t activations_bytes = 0;      // tensors autograd saves for backward, whole batch
  std::int64_t input_batch_bytes = 0;      // the fp32 input batch
  std::int64_t workspace_bytes = 0;        // transient activation gradients during backward
  std::int64_t total_bytes = 0;            // sum of the above

  bool operator==(const MemoryEstimate&) const = default;
};

struct MemoryOptions {
  std::int64_t batch_size = 64;  // the micro-batch: what one forward pass holds
  Precision precision = Precision::Fp32;
  OptimizerKind optimizer = OptimizerKind::Sgd;
  double momentum = 0.9;  // the one setting an optimizer's state size depends on (SGD, RMSprop)
};

// A documented, deliberately simple model of what LibTorch training holds:
// - weights and gradients are fp32 (autocast keeps fp32 masters); under fp16/bf16 autocast
//   also caches a 2-byte copy of each weight;
// - optimizer state: OptimizerSpec::state_bytes_per_parameter × params (SGD 0 or 4, Adam 8);
// - saved activations: each block output kept alive for backward is counted once (a block's
//   output is kept when the block saves its output or any consumer saves its input), at the
//   precision's element size, plus max-pool int64 indices and dropout bool masks, × batch;
// - a recomputed segment (activation checkpointing: a block alone, or a recompute group) keeps
//   only its inputs: the outputs flowing between its blocks, their masks and indices leave the
//   activations, and the largest segment's (all its blocks' outputs, masks and indices) joins
//   the workspace (backward recomputes one segment at a time);
// - the input batch is fp32; workspace is two of the largest block outputs (the gradient
//   flowing back and the one being produced), × batch, at the precision's element size.
class MemoryEstimator {
 public:
  static MemoryEstimate estimate(const ModelAnalysis& analysis, const MemoryOptions& options);
  // Uses batch_size, amp, optimizer and momentum of the settings.
  static MemoryEstimate estimate(const ModelAnalysis& analysis, const TrainingSettings& training);
  // One block's share of activations_bytes: what the rule above says it keeps for backward
  // (its output when kept, its masks and indices), whole batch. The profiler shows it beside
  // the measured figure.
  static std::int64_t kept_for_backward(const BlockAnalysis& block, const MemoryOptions& options);
};

}  // namespace convstudio
