#include "convstudio/model/memory_estimator.h"

#include <algorithm>
#include <map>
#include <string>

#include "convstudio/model/optimizer_spec.h"

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
  // The optimizer's home says what it keeps per parameter with these settings.
  OptimizerSettings optimizer_settings;
  optimizer_settings.kind = options.optimizer;
  optimizer_settings.momentum = options.momentum;
  m.optimizer_state_bytes =
      params * optimizer_spec(options.optimizer).state_bytes_per_parameter(optimizer_settings);

  std::int64_t saved_elements = 0;
  std::int64_t index_bytes = 0;
  std::int64_t largest_output = 0;
  // A recomputed segment's own saved tensors exist only while backward recomputes it, one
  // segment at a time: the largest segment's (every output of its blocks, their masks and
  // indices) joins the workspace instead of the activations.
  std::map<std::string, std::int64_t> segment_bytes;
  for (const BlockAnalysis& block : analysis.blocks) {
    // The fp32 input batch is counted below; under autocast the first layer saves a cast copy.
    const bool is_input = block.input_shapes.empty();
    if (block.output_saved_for_backward && (!is_input || autocast)) {
      saved_elements += block.output_elements;
    }
    if (block.recompute) {
      segment_bytes[block.recompute_segment] +=
          (block.saved_extra_elements + block.output_elements) * element + block.saved_index_bytes;
    } else {
      saved_elements += block.saved_extra_elements;
      index_bytes += block.saved_index_bytes;
    }
    largest_output = std::max(largest_output, block.output_elements);
  }
  std::int64_t largest_recomputed = 0;
  for (const auto& [segment, bytes] : segment_bytes) {
    largest_recomputed = std::max(largest_recomputed, bytes);
  }
  m.activations_bytes = batch * (saved_elements * element + index_bytes);
  // The fp32 images plus int64 labels.
  m.input_batch_bytes = batch * (analysis.input_shape.element_count() * 4 + 8);
  m.workspace_bytes = batch * (2 * largest_output * element + largest_recomputed);
  m.total_bytes = m.weights_bytes + m.gradients_bytes + m.optimizer_state_bytes +
                  m.activations_bytes + m.input_batch_bytes + m.workspace_bytes;
  return m;
}

std::int64_t MemoryEstimator::kept_for_backward(const BlockAnalysis& block,
                                                const MemoryOptions& options) {
  const std::int64_t batch = std::max<std::int64_t>(options.batch_size, 0);
  const std::int64_t element = bytes_per_element(options.precision);
  const bool autocast = options.precision != Precision::Fp32;
  const bool is_input = block.input_shapes.empty();
  std::int64_t elements = 0;
  if (block.output_saved_for_backward && (!is_input || autocast)) elements += block.output_elements;
  if (block.recompute) return batch * elements * element;
  return batch * ((elements + block.saved_extra_elements) * element + block.saved_index_bytes);
}

MemoryEstimate MemoryEstimator::estimate(const ModelAnalysis& analysis,
                                         const TrainingSettings& training) {
  MemoryOptions options;
  options.batch_size = training.batch_size;
  options.precision = precision_of(training.amp);
  options.optimizer = training.optimizer.kind;
  options.momentum = training.optimizer.momentum;
  return estimate(analysis, options);
}

}  // namespace convstudio
