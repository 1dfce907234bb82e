#include "nn/graph_tensors.h"

#include "blocks/block_torch.h"

namespace convstudio {
namespace {

// "16×3×5×5", as TensorShape writes a sample's shape; "a scalar" for a 0-dim counter.
std::string shape_text(const std::vector<std::int64_t>& shape) {
  if (shape.empty()) return "a scalar";
  std::string text;
  for (std::int64_t size : shape) text += (text.empty() ? "" : "×") + std::to_string(size);
  return text;
}

Error at_tensor(const GraphTensor& tensor, const std::string& source, std::string message) {
  Error error = Error::in_block(tensor.block_id, tensor.block_type, "", std::move(message));
  error.file = source;
  return error;
}

}  // namespace

std::map<std::string, GraphTensor> graph_tensors(const Graph& graph,
                                                 const ModelAnalysis& analysis) {
  std::map<std::string, GraphTensor> tensors;
  for (const BlockAnalysis& shapes : analysis.blocks) {
    const Block* block = graph.find_block(shapes.id);
    if (block == nullptr) continue;
    const blocks::BlockTorch& torch_half = blocks::block_torch(block->type);
    if (torch_half.tensors == nullptr) continue;
    for (blocks::BlockTensor& tensor : torch_half.tensors(*block, shapes)) {
      tensors.emplace(block->id + "." + tensor.name,
                      GraphTensor{block->id, block->type, std::move(tensor.shape)});
    }
  }
  return tensors;
}

std::optional<Error> check_graph_tensors(
    const Graph& graph, const ModelAnalysis& analysis,
    const std::map<std::string, std::vector<std::int64_t>>& stored, const std::string& source) {
  const std::map<std::string, GraphTensor> needed = graph_tensors(graph, analysis);
  for (const auto& [name, tensor] : needed) {
    const auto found = stored.find(name);
    if (found == stored.end()) {
      return at_tensor(tensor, source, "tensor \"" + name + "\" of the model is missing");
    }
    if (found->second != tensor.shape) {
      return at_tensor(tensor, source,
                       "tensor \"" + name + "\" has shape " + shape_text(found->second) +
                           " but the graph needs " + shape_text(tensor.shape));
    }
  }
  for (const auto& [name, shape] : stored) {
    if (!needed.contains(name)) {
      return Error::in_file(
          source, "tensor \"" + name + "\" is not in the model (a different architecture?)");
    }
  }
  return std::nullopt;
}

}  // namespace convstudio
