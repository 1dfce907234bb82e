#include "convstudio/model/memory_estimator.h"

#include <algorithm>

namespace convstudio {

std::string to_string(Precision precision) {
  switch (precision) {
    case Precision::Fp32:
      return "fp32";
    case Precision::Fp16:
      return "fp16";
    case Precision::Bf16:
      return "bf16";
  }
  return "fp32";
}

std::optional<Precision> parse_precision(std::string_view text) {
  if (text == "fp32") return Precision::Fp32;
  if (text == "fp16") return Precision::Fp16;
  if (text == "bf16") return Precision::Bf16;
  return std::nullopt;
}

Precision precision_of(AmpMode amp) {
  switch (amp) {
    case AmpMode::Off:
      return Precision::Fp32;
    case AmpMode::Fp16:
      return Precision::Fp16;
    case AmpMode::Bf16:
      return Precision::Bf16;
    case AmpMode::Auto:
      // Decided on the device when the run starts; the estimate assumes the larger, fp32.
      return Precision::Fp32;
  }
  return Precision::Fp32;
}

int bytes_per_element(Precision precision) {
  return precision == Precision::Fp32 ? 4 : 2;
}

MemoryEstimate MemoryEstimator::estimate(const ModelAnalysis& analysis,
                                         const MemoryOptions& options) {
  const std::int64_t batch = std::max<std::int64_t>(options.batch_size, 0);
  const std::int64_t element = bytes_per_element(options.precision);
  const bool autocast = options.precision != Precision::Fp32;
  const std::int64_t params = analysis.total_params();

  MemoryEstimate m;
  // Autocast keeps fp32 weights and caches a 2-byte copy of each for the forward pass.
  m.weights_bytes = params * 4 + (autocast ? params * 2 : 0);
  m.gradients_bytes = params * 4;
  switch (options.optimizer) {
    case OptimizerKind::Sgd:
      m.optimizer_state_bytes = options.momentum != 0 ? params * 4 : 0;
      break;
    case OptimizerKind::Adam:
    case OptimizerKind::AdamW:
      m.optimizer_state_bytes = 2 * params * 4;
      break;
  }

  std::int64_t saved_elements = 0;
  std::int64_t index_bytes = 0;
  std::int64_t largest_output = 0;
  // A recomputed block's own saved tensors exist only while backward recomputes it, one block
  // at a time: the largest of them joins the workspace instead of the activations.
  std::int64_t largest_recomputed = 0;
  for (const BlockAnalysis& block : analysis.blocks) {
    // The fp32 input batch is counted below; under autocast the first layer saves a cast copy.
    const bool is_input = block.input_shapes.empty();
    if (block.output_saved_for_backward && (!is_input || autocast)) {
      saved_elements += block.output_elements;
    }
    const std::int64_t own =
        (block.saved_extra_elements + (block.saves_output ? block.output_elements : 0)) * element +
        block.saved_index_bytes;
    if (block.recompute) {
      largest_recomputed = std::max(largest_recomputed, own);
    } else {
      saved_elements += block.saved_extra_elements;
      index_bytes += block.saved_index_bytes;
    }
    largest_output = std::max(largest_output, block.output_elements);
  }
  m.activations_bytes = batch * (saved_elements * element + index_bytes);
  // The fp32 images plus int64 labels.
  m.input_batch_bytes = batch * (analysis.input_shape.element_count() * 4 + 8);
  m.workspace_bytes = batch * (2 * largest_output * element + largest_recomputed);
  m.total_bytes = m.weights_bytes + m.gradients_bytes + m.optimizer_state_bytes +
                  m.activations_bytes + m.input_batch_bytes + m.workspace_bytes;
  return m;
}

MemoryEstimate MemoryEstimator::estimate(const ModelAnalysis& analysis,
                                         const TrainingSettings& training) {
  MemoryOptions options;
  options.batch_size = training.batch_size;
  options.precision = precision_of(training.amp);
  options.optimizer = training.optimizer;
  options.momentum = training.momentum;
  return estimate(analysis, options);
}

}  // namespace convstudio
