#include "import/onnx_graph_mapper.h"

#include <nlohmann/json.hpp>

#include "convstudio/model/layer_catalog.h"
#include "import/onnx_mapping_context.h"

namespace convstudio::onnx_import {
namespace {

std::string dims_text(const std::vector<std::int64_t>& dims) {
  std::string text;
  for (std::int64_t d : dims) text += (text.empty() ? "" : "×") + (d < 0 ? "?" : std::to_string(d));
  return text;
}

// The Input block from the graph input: N×C×H×W with C, H and W fixed.
bool add_input(const OnnxModelView& view, MappingContext& context) {
  const auto& d = view.input_dims;
  if (d.size() != 4 || d[1] <= 0 || d[2] <= 0 || d[3] <= 0) {
    context.out().refusals.push_back(Error::in_graph(
        "the input '" + view.input_name + "' is " + dims_text(d) +
        "; ConvStudio imports image classifiers whose input is batch×C×H×W with fixed C, H and W"));
    return false;
  }
  // The Input block is "input" whatever the file calls its input ("x", "input.1").
  OnnxNodeView input;
  input.name = "input";
  input.op_type = "input";
  context.add_block(input, "Input", {{"channels", d[1]}, {"height", d[2]}, {"width", d[3]}}, {},
                    view.input_name);
  return true;
}

// The graph output must be a dense layer (optionally through Softmax): it becomes the Output
// block, whose classes are its features.
void make_output_block(const OnnxModelView& view, MappingContext& context) {
  MappedModel& out = context.out();
  const std::string id = context.block_of(view.output_name);
  Block* block = id.empty() ? nullptr : out.graph.find_block(id);
  if (block == nullptr || block->type != "Linear") {
    std::string from = "a constant";
    for (const auto& node : view.nodes) {
      for (const auto& o : node.outputs) {
        if (o == view.output_name) from = "node " + node.name + " (" + node.op_type + ")";
      }
    }
    out.refusals.push_back(Error::in_graph(
        "the output '" + view.output_name + "' comes from " + from +
        "; ConvStudio's Output block is a dense layer (Gemm, or MatMul + Add) giving class "
        "scores, optionally followed by Softmax"));
    return;
  }
  if (!out.graph.outputs_of(id).empty()) {
    out.refusals.push_back(Error::in_graph("the last dense layer (" + out.node_of_block[id] +
                                           ") also feeds other nodes"));
    return;
  }
  const std::int64_t classes = block->int_param("out_features");
  if (!block->bool_param("bias")) {
    // The Output block always has a bias: a zero one computes the same.
    context.set_tensor(id, "bias", torch::zeros({classes}));
  }
  // ConvStudio's own exports end in logits and keep the Output block's softmax choice in their
  // preprocessing contract (metadata "convstudio").
  if (auto it = view.metadata.find("convstudio"); it != view.metadata.end()) {
    const nlohmann::json contract = nlohmann::json::parse(it->second, nullptr, false);
    if (contract.is_object() && contract.value("softmax", false)) context.softmax_at_output = true;
  }
  block->type = "Output";
  block->params = {{"classes", classes}, {"softmax", context.softmax_at_output}};
}

}  // namespace

MappedModel map_onnx_graph(const OnnxModelView& view) {
  MappedModel out;
  MappingContext context(view, out);
  for (const auto& [name, tensor] : view.constants) context.set_constant(name, tensor);
  if (!add_input(view, context)) return out;
  for (const OnnxNodeView& node : view.nodes) {
    if (context.skip_after_refusal(node)) continue;
    if (fold_shape_node(node, context)) continue;
    if (fold_constant_node(node, context)) continue;
    const OperatorRule* rule = find_operator_rule(node.op_type);
    if (rule == nullptr) {
      context.refuse(node, "the operator is not supported");
      continue;
    }
    (*rule)(node, context);
  }
  if (out.refusals.empty()) make_output_block(view, context);
  return out;
}

}  // namespace convstudio::onnx_import
