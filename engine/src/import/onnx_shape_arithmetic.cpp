// The shape arithmetic exporters write around Reshape (Shape -> Gather -> Unsqueeze -> Concat,
// or constants): evaluated here into ShapeValues, so Reshape can see a flatten to
// [batch, -1]. The sizes of blocks are not known while mapping, so Shape gives unknown sizes.

#include "import/onnx_mapping_context.h"

#include <algorithm>
#include <set>

#include "import/element_count.h"

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
  } else if (auto floats = a.find("value_floats");
             floats != a.end() && std::holds_alternative<std::vector<double>>(floats->second)) {
    value = torch::tensor(std::get<std::vector<double>>(floats->second)).to(torch::kFloat32);
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
    std::size_t length = 0;
    for (const ShapeValue& part : in) length += part.size();
    const bool all_constant =
        std::all_of(node.inputs.begin(), node.inputs.end(),
                    [&](const auto& v) { return context.constant(v) != nullptr; });
    if (length > kLongestShapeValue && all_constant) return false;  // folded as a tensor
    if (length > kLongestShapeValue) {
      return context.refuse(node, "its shape value would have " + std::to_string(length) +
                                      " sizes; shapes have at most " +
                                      std::to_string(kLongestShapeValue)) ||
             true;
    }
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

std::vector<std::int64_t> expand_target(const ShapeValue& shape) {
  std::vector<std::int64_t> dims;
  for (const auto& d : shape) dims.push_back(d.value_or(1));
  return dims;
}

std::optional<std::int64_t> checked_sum(std::optional<std::int64_t> a, std::int64_t b) {
  std::int64_t sum = 0;
  if (!a || __builtin_add_overflow(*a, b, &sum)) return std::nullopt;
  return sum;
}

// How many values fold_on_constants makes of `in`, from the shapes alone, so that nothing is
// allocated for a node the folding budget refuses; nullopt when the count passes 64 bits (or a
// shape is negative). LibTorch's own broadcasting rule (infer_size) throws for shapes that do
// not broadcast, which fold_constant_node reports.
std::optional<std::int64_t> folded_size(const OnnxNodeView& node,
                                        const std::vector<torch::Tensor>& in,
                                        const MappingContext& context) {
  const std::string& op = node.op_type;
  if (in.size() == 2 && (op == "Add" || op == "Sub" || op == "Mul" || op == "Div")) {
    return element_count(at::infer_size(in[0].sizes(), in[1].sizes()));
  }
  if (op == "Expand" && in.size() == 2) {
    const auto shape = context.integers(node.inputs[1]);
    if (!shape) return 0;  // not folded
    const std::vector<std::int64_t> target = expand_target(*shape);
    if (std::any_of(target.begin(), target.end(), [](std::int64_t d) { return d < 0; })) {
      throw std::invalid_argument("the target shape " + shape_text(target) +
                                  " has a negative size");
    }
    if (!element_count(target)) return std::nullopt;
    return element_count(at::infer_size(in[0].sizes(), target));
  }
  if (op == "Concat") {
    std::optional<std::int64_t> total = 0;
    for (const torch::Tensor& t : in) total = checked_sum(total, t.numel());
    return total;
  }
  static const std::set<std::string> same_size{"Identity",  "Neg",      "Sqrt",    "Reciprocal",
                                               "Cast",      "CastLike", "Reshape", "Squeeze",
                                               "Unsqueeze", "Transpose"};
  return same_size.count(op) && !in.empty() ? in[0].numel() : 0;  // 0: not folded
}

// Arithmetic on constants that PyTorch's dynamo exporter leaves unfolded (optimize=False):
// evaluated with LibTorch, so the result is one more constant. Nullopt: not such an operator.
std::optional<torch::Tensor> fold_on_constants(const OnnxNodeView& node,
                                               const std::vector<torch::Tensor>& in,
                                               const MappingContext& context) {
  const std::string& op = node.op_type;
  if (op == "Identity") return in.at(0);
  if (op == "Neg") return -in.at(0);
  if (op == "Sqrt") return in.at(0).sqrt();
  if (op == "Reciprocal") return in.at(0).reciprocal();
  if (in.size() == 2 && (op == "Add" || op == "Sub" || op == "Mul" || op == "Div")) {
    if (op == "Add") return in[0] + in[1];
    if (op == "Sub") return in[0] - in[1];
    if (op == "Mul") return in[0] * in[1];
    const bool integral = in[0].scalar_type() == torch::kInt64;
    return integral ? in[0].div(in[1], "floor") : in[0] / in[1];
  }
  if (op == "CastLike" && in.size() == 2) return in[0].to(in[1].scalar_type());
  if (op == "Cast") {
    static const std::set<std::int64_t> floats{1, 10, 11, 16};  // float, f16, double, bf16
    return in.at(0).to(floats.count(node.integer("to", 1)) ? torch::kFloat32 : torch::kInt64);
  }
  if (op == "Expand" && in.size() == 2) {
    const auto shape = context.integers(node.inputs[1]);
    if (!shape) return std::nullopt;
    // ONNX broadcasts both ways; adding zeros of the target shape does the same.
    return in[0] + torch::zeros(expand_target(*shape), in[0].options());
  }
  if (op == "Reshape" && in.size() == 2) {
    const auto shape = context.integers(node.inputs[1]);
    if (!shape) return std::nullopt;
    std::vector<std::int64_t> dims;
    for (std::size_t i = 0; i < shape->size(); ++i) {
      const std::int64_t d = (*shape)[i].value_or(-1);
      dims.push_back(d == 0 && i < static_cast<std::size_t>(in[0].dim()) ? in[0].size(i) : d);
    }
    return in[0].reshape(dims);
  }
  if ((op == "Unsqueeze" || op == "Squeeze") && !in.empty()) {
    std::vector<std::int64_t> axes = node.ints("axes");
    if (in.size() > 1)
      axes = std::vector<std::int64_t>(in[1].data_ptr<std::int64_t>(),
                                       in[1].data_ptr<std::int64_t>() + in[1].numel());
    torch::Tensor t = in[0];
    if (op == "Squeeze") return axes.empty() ? t.squeeze() : t.squeeze(axes);
    std::sort(axes.begin(), axes.end());
    for (std::int64_t axis : axes) t = t.unsqueeze(axis < 0 ? axis + t.dim() + 1 : axis);
    return t;
  }
  if (op == "Concat" && !in.empty()) return torch::cat(in, node.integer("axis", 0));
  if (op == "Transpose" && in.size() == 1) {
    std::vector<std::int64_t> perm = node.ints("perm");
    if (perm.empty()) {
      for (std::int64_t i = in[0].dim() - 1; i >= 0; --i) perm.push_back(i);
    }
    return in[0].permute(perm).contiguous();
  }
  return std::nullopt;
}

}  // namespace

bool fold_constant_node(const OnnxNodeView& node, MappingContext& context) {
  if (node.inputs.empty() || node.outputs.size() != 1) return false;
  std::vector<torch::Tensor> in;
  for (const std::string& input : node.inputs) {
    const torch::Tensor* t = input.empty() ? nullptr : context.constant(input);
    if (t == nullptr) return false;
    in.push_back(*t);
  }
  try {
    if (!context.reserve_folded(node, folded_size(node, in, context))) return true;
    std::optional<torch::Tensor> value = fold_on_constants(node, in, context);
    if (!value) return false;
    const bool integral = !value->is_floating_point();
    context.set_constant(node.outputs[0],
                         value->to(integral ? torch::kInt64 : torch::kFloat32).contiguous());
  } catch (const std::exception& error) {
    context.refuse(node, "cannot fold its constant inputs: " + torch_message(error));
  }
  return true;
}

bool fold_shape_node(const OnnxNodeView& node, MappingContext& context) {
  const std::string& op = node.op_type;
  if (op == "Constant") return fold_constant(node, context) || true;
  if (op == "Shape" && context.constant(node.inputs.at(0)) != nullptr) {
    // The shape of an initializer (dynamo writes Shape(weight) for a missing bias) is known.
    const torch::Tensor& t = *context.constant(node.inputs[0]);
    // Shape's start and end (opset 15) pick a slice of the sizes.
    const auto rank = static_cast<std::int64_t>(t.dim());
    std::int64_t start = node.integer("start", 0), end = node.integer("end", rank);
    if (start < 0) start += rank;
    if (end < 0) end += rank;
    start = std::clamp<std::int64_t>(start, 0, rank);
    end = std::clamp<std::int64_t>(end, start, rank);
    const std::vector<std::int64_t> sizes = t.sizes().vec();
    context.set_constant(
        node.outputs.at(0),
        torch::tensor(std::vector<std::int64_t>(sizes.begin() + start, sizes.begin() + end),
                      torch::kInt64));
    return true;
  }
  if (op == "CastLike" && context.constant(node.inputs.at(0)) != nullptr) {
    // Only the second input's element type matters; every block computes in float32.
    const torch::Tensor& t = *context.constant(node.inputs[0]);
    context.set_constant(node.outputs.at(0), t.is_floating_point() ? t.to(torch::kFloat32) : t);
    return true;
  }
  if (op == "Shape") {
    // The sizes are not known while mapping: the batch and the rest of an N×C×H×W value read
    // as unknown; start and end (opset 15) pick a slice of the four (dynamo writes Shape(x)[0:2]
    // before the height and width of a Resize).
    std::int64_t start = node.integer("start", 0), end = node.integer("end", 4);
    if (start < 0) start += 4;
    if (end < 0) end += 4;
    start = std::clamp<std::int64_t>(start, 0, 4);
    end = std::clamp<std::int64_t>(end, start, 4);
    context.set_shape_value(node.outputs.at(0),
                            ShapeValue(static_cast<std::size_t>(end - start), std::nullopt));
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
