// The shape arithmetic exporters write around Reshape (Shape -> Gather -> Unsqueeze -> Concat,
// or constants): evaluated here into ShapeValues, so Reshape can see a flatten to
// [batch, -1]. The sizes of blocks are not known while mapping, so Shape gives unknown sizes.

#include "import/onnx_mapping_context.h"

namespace convstudio::onnx_import {
namespace {

bool is_known(const std::string& value, const MappingContext& context) {
  return value.empty() || context.constant(value) != nullptr ||
         context.shape_value(value) != nullptr;
}

bool fold_constant(const OnnxNodeView& node, MappingContext& context) {
  torch::Tensor value;
  const auto& a = node.attributes;
  if (auto it = a.find("value");
      it != a.end() && std::holds_alternative<torch::Tensor>(it->second)) {
    value = std::get<torch::Tensor>(it->second);
  } else if (node.has("value_int")) {
    value = torch::tensor(node.integer("value_int", 0));
  } else if (node.has("value_ints")) {
    value = torch::tensor(node.ints("value_ints"));
  } else if (node.has("value_float")) {
    value = torch::tensor(static_cast<float>(node.real("value_float", 0)));
  } else {
    return context.refuse(node, "the constant's form is not supported");
  }
  context.set_constant(node.outputs.at(0), value);
  return true;
}

// Python-style index into a list of `size` elements; nullopt when outside.
std::optional<std::size_t> resolve(std::int64_t index, std::size_t size) {
  if (index < 0) index += static_cast<std::int64_t>(size);
  if (index < 0 || index >= static_cast<std::int64_t>(size)) return std::nullopt;
  return static_cast<std::size_t>(index);
}

bool fold_on_integers(const OnnxNodeView& node, MappingContext& context) {
  std::vector<ShapeValue> in;
  for (const std::string& name : node.inputs) {
    std::optional<ShapeValue> values =
        name.empty() ? std::optional<ShapeValue>(ShapeValue{}) : context.integers(name);
    if (!values) return false;  // float constants: not shape arithmetic
    in.push_back(std::move(*values));
  }
  const std::string& op = node.op_type;
  ShapeValue result;
  if (op == "Unsqueeze" || op == "Squeeze" || op == "Cast" || op == "Identity") {
    result = in.at(0);
  } else if (op == "Concat") {
    for (const ShapeValue& part : in) result.insert(result.end(), part.begin(), part.end());
  } else if (op == "Gather") {
    for (const auto& index : in.at(1)) {
      const auto at = index ? resolve(*index, in[0].size()) : std::nullopt;
      if (!at) return context.refuse(node, "gathers outside the shape") || true;
      result.push_back(in[0][*at]);
    }
  } else if (op == "Slice") {
    if (in.size() < 3 || in[1].size() != 1 || in[2].size() != 1 || !in[1][0] || !in[2][0]) {
      return context.refuse(node, "only slices of one axis with constant bounds are supported") ||
             true;
    }
    const auto size = static_cast<std::int64_t>(in[0].size());
    std::int64_t start = *in[1][0], end = *in[2][0];
    if (start < 0) start += size;
    if (end < 0) end += size;
    for (std::int64_t i = std::max<std::int64_t>(0, start); i < std::min(end, size); ++i) {
      result.push_back(in[0][static_cast<std::size_t>(i)]);
    }
  } else {
    return false;
  }
  context.set_shape_value(node.outputs.at(0), std::move(result));
  return true;
}

}  // namespace

bool fold_shape_node(const OnnxNodeView& node, MappingContext& context) {
  const std::string& op = node.op_type;
  if (op == "Constant") return fold_constant(node, context) || true;
  if (op == "Shape") {
    // The sizes are not known while mapping: the batch and the rest read as unknown.
    context.set_shape_value(node.outputs.at(0), ShapeValue(4, std::nullopt));
    return true;
  }
  static const std::set<std::string> arithmetic{"Unsqueeze", "Squeeze", "Cast", "Identity",
                                                "Concat",    "Gather",  "Slice"};
  if (arithmetic.count(op) == 0 || node.inputs.empty()) return false;
  for (const std::string& input : node.inputs) {
    if (!is_known(input, context)) return false;
  }
  if (op == "Identity" && context.constant(node.inputs[0]) != nullptr) {
    context.alias(node.outputs.at(0), node.inputs[0]);
    return true;
  }
  // Float constants are not shape arithmetic: the operator's own rule takes them.
  return fold_on_integers(node, context);
}

}  // namespace convstudio::onnx_import
