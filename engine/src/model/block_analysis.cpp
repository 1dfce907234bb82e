#include "convstudio/model/block_analysis.h"

#include "convstudio/model/input_output_blocks.h"

namespace convstudio {

const BlockAnalysis* ModelAnalysis::find(std::string_view id) const {
  for (const BlockAnalysis& block : blocks) {
    if (block.id == id) return &block;
  }
  return nullptr;
}

std::int64_t ModelAnalysis::total_params() const {
  std::int64_t total = 0;
  for (const BlockAnalysis& block : blocks) total += block.params;
  return total;
}

std::int64_t ModelAnalysis::total_macs() const {
  std::int64_t total = 0;
  for (const BlockAnalysis& block : blocks) total += block.macs;
  return total;
}

ConvolutionWork ModelAnalysis::convolution_work() const {
  constexpr std::int64_t kWide = 16;
  std::int64_t all = 0, wide = 0;
  for (const BlockAnalysis& block : blocks) {
    if (block.macs <= 0 || block.input_shapes.empty() || !block.input_shapes[0].is_image() ||
        !block.output_shape.is_image()) {
      continue;
    }
    all += block.macs;
    if (block.input_shapes[0].channels() >= kWide && block.output_shape.channels() >= kWide) {
      wide += block.macs;
    }
  }
  return {all > 0, all > 0 && 2 * wide >= all};
}

std::int64_t ModelAnalysis::total_activation_bytes() const {
  std::int64_t total = 0;
  for (const BlockAnalysis& block : blocks) total += block.activation_bytes;
  return total;
}

TensorShape ModelAnalysis::output_shape() const {
  for (const BlockAnalysis& block : blocks) {
    if (block.type == kOutputBlockType) return block.output_shape;
  }
  return {};
}

}  // namespace convstudio
