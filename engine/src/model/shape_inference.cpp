#include "convstudio/model/shape_inference.h"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>

#include "blocks/block_model.h"
#include "convstudio/model/graph_validator.h"
#include "graph_index.h"
#include "recompute_segments.h"

namespace convstudio {
namespace {

void mark_saved_outputs(const Graph& graph, const GraphIndex& index, ModelAnalysis& result) {
  std::unordered_map<std::string_view, BlockAnalysis*> by_id;
  for (BlockAnalysis& block : result.blocks) {
    by_id[block.id] = &block;
    if (block.saves_output && !block.recompute) block.output_saved_for_backward = true;
  }
  for (const Connection& c : graph.connections()) {
    auto from = by_id.find(c.from);
    auto to = by_id.find(c.to);
    if (from == by_id.end() || to == by_id.end()) continue;
    const BlockAnalysis& consumer = *to->second;
    // A recomputed segment keeps its inputs for the recomputation whatever its layers save, and
    // nothing that flows between its own blocks.
    const bool kept = consumer.recompute
                          ? from->second->recompute_segment != consumer.recompute_segment
                          : consumer.saves_input;
    if (kept) from->second->output_saved_for_backward = true;
  }
  // A view (Flatten) keeps its producer's storage alive, counted there.
  for (auto it = result.blocks.rbegin(); it != result.blocks.rend(); ++it) {
    const blocks::BlockModel* model = blocks::find_block_model(it->type);
    if (model == nullptr || !model->output_is_view || !it->output_saved_for_backward) continue;
    it->output_saved_for_backward = false;
    for (const Connection* c : index.inputs(*index.position(it->id))) {
      if (auto from = by_id.find(c->from); from != by_id.end()) {
        from->second->output_saved_for_backward = true;
      }
    }
  }
}

}  // namespace

ModelAnalysis ShapeInference::run(const Graph& graph, std::optional<TensorShape> input) {
  ModelAnalysis result;
  result.errors = GraphValidator::validate(graph);
  // An id that could make a message lie stops everything: every shape message names a block.
  if (!GraphValidator::validate_ids(graph).empty()) return result;
  const GraphIndex index(graph);
  std::vector<bool> failed(graph.blocks().size(), false);
  for (const Error& error : result.errors) {
    // A block whose output goes nowhere still has a shape worth showing (the last block of a
    // chain being built); only problems with its inputs or parameters stop inference there.
    if (error.field == "output") continue;
    if (auto at = index.position(error.block_id)) failed[*at] = true;
  }
  // Every block's output shape by position; empty until the block is inferred.
  std::vector<std::optional<TensorShape>> shapes(graph.blocks().size());
  for (const std::size_t at : index.partial_order()) {
    const Block& block = graph.blocks()[at];
    if (failed[at]) continue;
    BlockAnalysis analysis;
    analysis.id = block.id;
    analysis.type = block.type;
    bool inputs_known = true;
    for (const Connection* c : index.inputs(at)) {
      const auto from = index.position(c->from);
      if (!from || !shapes[*from]) {
        inputs_known = false;  // fed by a failed block: skipped silently
        break;
      }
      analysis.input_shapes.push_back(*shapes[*from]);
    }
    if (!inputs_known) continue;
    if (!blocks::infer_block(block, analysis, result.errors, input)) continue;
    // The block without inputs (Input) defines the model's input shape.
    if (analysis.input_shapes.empty()) result.input_shape = analysis.output_shape;
    analysis.output_elements = analysis.output_shape.element_count();
    analysis.activation_bytes = analysis.output_elements * 4;
    shapes[at] = analysis.output_shape;
    result.blocks.push_back(std::move(analysis));
  }
  assign_recompute_segments(graph, index, result);
  mark_saved_outputs(graph, index, result);
  // Structural and shape problems together, in the order the blocks were placed.
  auto position_of = [&](const Error& error) {
    auto at = index.position(error.block_id);
    return at ? static_cast<std::ptrdiff_t>(*at) : std::ptrdiff_t{-1};
  };
  std::stable_sort(result.errors.begin(), result.errors.end(),
                   [&](const Error& a, const Error& b) { return position_of(a) < position_of(b); });
  return result;
}

}  // namespace convstudio
