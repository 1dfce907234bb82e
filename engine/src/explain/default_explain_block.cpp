#include "convstudio/explain/default_explain_block.h"

#include "convstudio/model/input_output_blocks.h"

namespace convstudio {
namespace {

// A picture with more than one pixel: a 1×1 output (after global pooling) has nothing to map.
bool has_spatial_output(const BlockAnalysis* block) {
  return block != nullptr && block->output_shape.is_image() &&
         block->output_shape.height() * block->output_shape.width() > 1;
}

}  // namespace

std::string default_explain_block(const Graph& graph, const ModelAnalysis& analysis) {
  for (const Block& output : graph.blocks()) {
    if (output.type != kOutputBlockType) continue;
    std::string id = output.id;
    // At most one step per block: a graph with a cycle does not hang here.
    for (std::size_t steps = 0; steps < graph.blocks().size(); ++steps) {
      const std::vector<Connection> inputs = graph.inputs_of(id);  // sorted by port
      if (inputs.empty()) break;
      id = inputs.front().from;
      if (has_spatial_output(analysis.find(id))) return id;
    }
  }
  std::string last;
  for (const BlockAnalysis& block : analysis.blocks) {
    if (has_spatial_output(&block)) last = block.id;
  }
  return last;
}

}  // namespace convstudio
