#include "import/onnx_graph_mapper.h"

#include <nlohmann/json.hpp>

#include <unordered_map>

#include "convstudio/model/layer_catalog.h"
#include "convstudio/model/output_modes.h"
#include "import/onnx_mapping_context.h"

namespace convstudio::onnx_import {
namespace {

std::string dims_text(const std::vector<std::int64_t>& dims) {
  std::string text;
  for (std::int64_t d : dims) text += (text.empty() ? "" : "×") + (d < 0 ? "?" : std::to_string(d));
  return text;
}

// A node on a cycle that reaches node `start`'s inputs back from its outputs, or nullopt: an
// iterative depth-first search over "value produced by node i is read by node j", so a graph of
// many thousand nodes is walked once.
std::optional<std::size_t> node_on_cycle(
    const OnnxModelView& view, const std::unordered_map<std::string, std::size_t>& producer) {
  const std::size_t n = view.nodes.size();
  std::vector<std::vector<std::size_t>> readers(n);
  for (std::size_t j = 0; j < n; ++j) {
    for (const std::string& input : view.nodes[j].inputs) {
      if (auto it = producer.find(input); it != producer.end()) readers[it->second].push_back(j);
    }
  }
  enum class Mark { unseen, open, done };
  std::vector<Mark> mark(n, Mark::unseen);
  for (std::size_t root = 0; root < n; ++root) {
    if (mark[root] != Mark::unseen) continue;
    std::vector<std::pair<std::size_t, std::size_t>> stack{{root, 0}};  // node, next reader
    mark[root] = Mark::open;
    while (!stack.empty()) {
      auto& [node, next] = stack.back();
      if (next == readers[node].size()) {
        mark[node] = Mark::done;
        stack.pop_back();
        continue;
      }
      const std::size_t reader = readers[node][next++];
      if (mark[reader] == Mark::open) return reader;
      if (mark[reader] == Mark::unseen) {
        mark[reader] = Mark::open;
        stack.emplace_back(reader, 0);
      }
    }
  }
  return std::nullopt;
}

// ONNX lists nodes so that each comes after the nodes computing its inputs; the importer walks
// them in that order. A node that reads a value no earlier node computes is refused here, saying
// whether the graph has a cycle (naming a node on it) or only lists its nodes out of order.
bool check_node_order(const OnnxModelView& view, MappedModel& out) {
  std::unordered_map<std::string, std::size_t> producer;
  for (std::size_t i = 0; i < view.nodes.size(); ++i) {
    for (const std::string& output : view.nodes[i].outputs) {
      if (!output.empty()) producer.emplace(output, i);
    }
  }
  for (std::size_t i = 0; i < view.nodes.size(); ++i) {
    const OnnxNodeView& node = view.nodes[i];
    for (const std::string& input : node.inputs) {
      if (input.empty() || input == view.input_name || view.constants.count(input)) continue;
      auto it = producer.find(input);
      if (it != producer.end() && it->second < i) continue;
      if (it == producer.end()) {
        out.refusals.push_back(
            Error::in_block(node.name, node.op_type, "",
                            "reads '" + input +
                                "', which is neither the input, an initializer nor a node's "
                                "output"));
      } else if (std::optional<std::size_t> on_cycle = node_on_cycle(view, producer)) {
        const OnnxNodeView& looped = view.nodes[*on_cycle];
        out.refusals.push_back(Error::in_graph("the graph has a cycle through node " + looped.name +
                                               " (" + looped.op_type +
                                               "); ConvStudio imports feed-forward models"));
      } else {
        out.refusals.push_back(
            Error::in_block(node.name, node.op_type, "",
                            "reads '" + input + "' before node " + view.nodes[it->second].name +
                                " computes it (ONNX lists the nodes in the order they run)"));
      }
      return false;
    }
  }
  return true;
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
  context.add_block(input, std::string(kInputBlockType),
                    {{"channels", d[1]}, {"height", d[2]}, {"width", d[3]}}, {}, view.input_name);
  return true;
}

// The node computing ONNX value `value`, or nullptr when none does (an input or a constant).
const OnnxNodeView* producer_of(const OnnxModelView& view, const std::string& value) {
  for (const auto& node : view.nodes) {
    for (const auto& o : node.outputs) {
      if (o == value) return &node;
    }
  }
  return nullptr;
}

// ConvStudio's own exports end in logits and keep the Output block's softmax choice in their
// preprocessing contract (metadata "convstudio").
bool contract_softmax(const OnnxModelView& view) {
  auto it = view.metadata.find("convstudio");
  if (it == view.metadata.end()) return false;
  const nlohmann::json contract = nlohmann::json::parse(it->second, nullptr, false);
  return contract.is_object() && contract.value("softmax", false);
}

// The graph output becomes the Output block. A dense layer (Gemm, or MatMul + Add, optionally
// through Softmax) that feeds nothing else becomes a dense Output, whose classes are its
// features, as before the Output block had modes. Any other block's value (SqueezeNet's
// Flatten after global pooling, a segmentation head's N×K×H×W logits) gets a pass-through
// Output after it: the tensor that block gives is the model's output.
void make_output_block(const OnnxModelView& view, MappingContext& context) {
  MappedModel& out = context.out();
  if (contract_softmax(view)) context.softmax_at_output = true;
  const std::string id = context.block_of(view.output_name);
  Block* block = id.empty() ? nullptr : out.graph.find_block(id);
  const OnnxNodeView* producer = producer_of(view, view.output_name);
  if (block == nullptr || block->type == kInputBlockType) {
    const std::string from = producer != nullptr
                                 ? "node " + producer->name + " (" + producer->op_type + ")"
                                 : (block != nullptr ? "the input" : "a constant");
    out.refusals.push_back(Error::in_graph(
        "the output '" + view.output_name + "' comes from " + from +
        "; ConvStudio's Output takes class scores or logits computed by the model's layers"));
    return;
  }
  if (block->type == "Linear" && out.graph.outputs_of(id).empty()) {
    const std::int64_t classes = block->int_param("out_features");
    if (!block->bool_param("bias")) {
      // The Output block always has a bias: a zero one computes the same.
      context.set_tensor(id, "bias", torch::zeros({classes}));
    }
    block->type = kOutputBlockType;
    block->params = {{"classes", classes}, {"softmax", context.softmax_at_output}};
    return;
  }
  // Named after ConvStudio's own pass-through export (an Identity named after the Output block)
  // when there is one, "output" otherwise.
  OnnxNodeView output;
  output.name = producer != nullptr && producer->op_type == "Identity" ? producer->name : "output";
  output.op_type = "output";
  const std::string added = context.add_block(
      output, std::string(kOutputBlockType),
      {{"mode", std::string(kOutputModePassThrough)}, {"softmax", context.softmax_at_output}},
      {view.output_name}, view.output_name + "#output");
  // Classes, for the readers that ask the block: the incoming channels, once shapes are known.
  out.pass_through_output = added;
}

}  // namespace

MappedModel map_onnx_graph(const OnnxModelView& view) {
  MappedModel out;
  MappingContext context(view, out);
  for (const auto& [name, tensor] : view.constants) context.set_constant(name, tensor);
  if (!check_node_order(view, out) || !add_input(view, context)) return out;
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
