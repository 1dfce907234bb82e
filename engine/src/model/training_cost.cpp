#include "convstudio/model/training_cost.h"

#include <set>
#include <string>

namespace convstudio {

std::int64_t training_flops_per_sample(const Graph& graph, const ModelAnalysis& analysis) {
  // Blocks whose output carries a gradient back: a trainable block with weights, or anything
  // downstream of one. ModelAnalysis lists blocks in topological order, so one pass suffices.
  std::set<std::string, std::less<>> carries_gradient;
  std::int64_t flops = 0;
  for (const BlockAnalysis& analysed : analysis.blocks) {
    const Block* block = graph.find_block(analysed.id);
    const bool trains_weights = block != nullptr && block->trainable && analysed.params > 0;
    bool input_needs_gradient = false;
    for (const Connection& wire : graph.inputs_of(analysed.id)) {
      if (carries_gradient.contains(wire.from)) input_needs_gradient = true;
    }
    const std::int64_t passes = 1 + (input_needs_gradient ? 1 : 0) + (trains_weights ? 1 : 0);
    flops += 2 * passes * analysed.macs;
    if (trains_weights || input_needs_gradient) carries_gradient.insert(analysed.id);
  }
  return flops;
}

}  // namespace convstudio
