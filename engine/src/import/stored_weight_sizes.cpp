#include "import/stored_weight_sizes.h"

#include <map>
#include <set>

namespace convstudio::onnx_import {

std::vector<Error> check_stored_weight_sizes(const MappedModel& mapped,
                                             const ModelAnalysis& analysis) {
  // Running statistics are buffers, not parameters: shape inference does not count them.
  static const std::set<std::string, std::less<>> buffers{"running_mean", "running_var",
                                                          "num_batches_tracked"};
  // Tensors are named "<block id>.<name>", and names have no dot.
  std::map<std::string, std::int64_t, std::less<>> stored;
  for (const auto& [name, tensor] : mapped.tensors) {
    const std::size_t dot = name.rfind('.');
    if (dot == std::string::npos || buffers.contains(std::string_view(name).substr(dot + 1))) {
      continue;
    }
    stored[name.substr(0, dot)] += tensor.numel();
  }
  std::vector<Error> errors;
  for (const BlockAnalysis& block : analysis.blocks) {
    auto it = stored.find(block.id);
    const std::int64_t values = it == stored.end() ? 0 : it->second;
    if (values == block.params) continue;
    auto node = mapped.node_of_block.find(block.id);
    const std::string shown = node == mapped.node_of_block.end() ? block.id : node->second;
    const std::string input =
        block.input_shapes.empty() ? std::string() : block.input_shapes.front().to_string();
    errors.push_back(Error::in_block(shown, block.type, "",
                                     "its stored weights hold " + std::to_string(values) +
                                         " values, but after an input of " + input +
                                         " the layer needs " + std::to_string(block.params)));
  }
  return errors;
}

}  // namespace convstudio::onnx_import
