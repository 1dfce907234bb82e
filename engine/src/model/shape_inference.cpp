#include "convstudio/model/shape_inference.h"

#include <algorithm>
#include <map>
#include <set>

#include "blocks/block_model.h"
#include "convstudio/model/graph_validator.h"

namespace convstudio {
namespace {

// Blocks in dependency order; blocks in or behind a cycle are left out (they have errors).
std::vector<std::string> partial_order(const Graph& graph) {
  if (auto order = graph.topological_order()) return *order;
  std::vector<std::string> order;
  std::set<std::string, std::less<>> placed;
  bool progress = true;
  while (progress) {
    progress = false;
    for (const Block& block : graph.blocks()) {
      if (placed.contains(block.id)) continue;
      bool ready = true;
      for (const Connection& c : graph.inputs_of(block.id)) {
        if (graph.find_block(c.from) != nullptr && !placed.contains(c.from)) ready = false;
      }
      if (!ready) continue;
      placed.insert(block.id);
      order.push_back(block.id);
      progress = true;
    }
  }
  return order;
}

void mark_saved_outputs(const Graph& graph, ModelAnalysis& result) {
  std::map<std::string, BlockAnalysis*, std::less<>> by_id;
  for (BlockAnalysis& block : result.blocks) {
    by_id[block.id] = &block;
    if (block.saves_output) block.output_saved_for_backward = true;
  }
  for (const Connection& c : graph.connections()) {
    auto from = by_id.find(c.from);
    auto to = by_id.find(c.to);
    if (from != by_id.end() && to != by_id.end() && to->second->saves_input) {
      from->second->output_saved_for_backward = true;
    }
  }
  // A view (Flatten) keeps its producer's storage alive, counted there.
  for (auto it = result.blocks.rbegin(); it != result.blocks.rend(); ++it) {
    const blocks::BlockModel* model = blocks::find_block_model(it->type);
    if (model == nullptr || !model->output_is_view || !it->output_saved_for_backward) continue;
    it->output_saved_for_backward = false;
    for (const Connection& c : graph.inputs_of(it->id)) {
      if (auto from = by_id.find(c.from); from != by_id.end()) {
        from->second->output_saved_for_backward = true;
      }
    }
  }
}

}  // namespace

ModelAnalysis ShapeInference::run(const Graph& graph, std::optional<TensorShape> input) {
  ModelAnalysis result;
  result.errors = GraphValidator::validate(graph);
  std::set<std::string, std::less<>> failed;
  for (const Error& error : result.errors) {
    // A block whose output goes nowhere still has a shape worth showing (the last block of a
    // chain being built); only problems with its inputs or parameters stop inference there.
    if (!error.block_id.empty() && error.field != "output") failed.insert(error.block_id);
  }
  std::map<std::string, TensorShape, std::less<>> shapes;
  for (const std::string& id : partial_order(graph)) {
    if (failed.contains(id)) continue;
    const Block& block = *graph.find_block(id);
    BlockAnalysis analysis;
    analysis.id = block.id;
    analysis.type = block.type;
    bool inputs_known = true;
    for (const Connection& c : graph.inputs_of(id)) {
      auto it = shapes.find(c.from);
      if (it == shapes.end()) {
        inputs_known = false;  // fed by a failed block: skipped silently
        break;
      }
      analysis.input_shapes.push_back(it->second);
    }
    if (!inputs_known) continue;
    if (!blocks::infer_block(block, analysis, result.errors, input)) continue;
    // The block without inputs (Input) defines the model's input shape.
    if (analysis.input_shapes.empty()) result.input_shape = analysis.output_shape;
    analysis.output_elements = analysis.output_shape.element_count();
    analysis.activation_bytes = analysis.output_elements * 4;
    shapes[id] = analysis.output_shape;
    result.blocks.push_back(std::move(analysis));
  }
  mark_saved_outputs(graph, result);
  // Structural and shape problems together, in the order the blocks were placed.
  std::map<std::string, std::ptrdiff_t, std::less<>> position;
  for (std::size_t k = 0; k < graph.blocks().size(); ++k) {
    position[graph.blocks()[k].id] = static_cast<std::ptrdiff_t>(k);
  }
  auto position_of = [&](const Error& error) {
    auto it = position.find(error.block_id);
    return it == position.end() ? std::ptrdiff_t{-1} : it->second;
  };
  std::stable_sort(result.errors.begin(), result.errors.end(),
                   [&](const Error& a, const Error& b) { return position_of(a) < position_of(b); });
  return result;
}

}  // namespace convstudio
