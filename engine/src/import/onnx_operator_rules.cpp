// Activations, pooling and structure, and the table of every supported operator.

#include "import/onnx_operator_rules.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace convstudio::onnx_import {

std::string list_text(const std::vector<std::int64_t>& values) {
  std::string text = "[";
  for (std::size_t i = 0; i < values.size(); ++i) {
    text += (i ? ", " : "") + std::to_string(values[i]);
  }
  return text + "]";
}

std::string data_input(const OnnxNodeView& node, std::size_t port, MappingContext& context) {
  if (port >= node.inputs.size() || node.inputs[port].empty()) {
    context.refuse(node, "input " + std::to_string(port + 1) + " is missing");
    return {};
  }
  std::string block = context.block_of(node.inputs[port]);
  if (block.empty()) {
    context.refuse(node, "input '" + node.inputs[port] +
                             "' is a constant; ConvStudio blocks take images or features");
  }
  return block;
}

const torch::Tensor* constant_input(const OnnxNodeView& node, std::size_t port,
                                    MappingContext& context, const std::string& what) {
  const torch::Tensor* tensor =
      port < node.inputs.size() ? context.constant(node.inputs[port]) : nullptr;
  if (tensor == nullptr) {
    context.refuse(node, "the " + what +
                             " are computed in the graph; ConvStudio imports them only as "
                             "initializers or constants");
  }
  return tensor;
}

namespace {

OperatorRule simple(const std::string& type) {
  return [type](const OnnxNodeView& node, MappingContext& context) {
    if (data_input(node, 0, context).empty()) return false;
    context.add_block(node, type, {}, {node.inputs[0]}, node.outputs.at(0));
    return true;
  };
}

bool map_leaky_relu(const OnnxNodeView& node, MappingContext& context) {
  if (data_input(node, 0, context).empty()) return false;
  context.add_block(node, "LeakyReLU", {{"negative_slope", node.real("alpha", 0.01)}},
                    {node.inputs[0]}, node.outputs.at(0));
  return true;
}

bool map_gelu(const OnnxNodeView& node, MappingContext& context) {
  if (node.text("approximate", "none") != "none") {
    return context.refuse(node, "the tanh approximation of GELU is not supported");
  }
  return simple("GELU")(node, context);
}

bool map_hard_sigmoid(const OnnxNodeView& node, MappingContext& context) {
  // PyTorch's Hardsigmoid is relu6(x + 3) / 6: alpha 1/6, beta 1/2.
  if (std::abs(node.real("alpha", 0.2) - 1.0 / 6.0) > 1e-6 ||
      std::abs(node.real("beta", 0.5) - 0.5) > 1e-6) {
    return context.refuse(node,
                          "only alpha 1/6 and beta 1/2 (PyTorch's Hardsigmoid) are supported");
  }
  return simple("Hardsigmoid")(node, context);
}

// Clip(0, 6) is ReLU6, Clip(0, none) ReLU; bounds are inputs from opset 11 on.
bool map_clip(const OnnxNodeView& node, MappingContext& context) {
  auto bound = [&](std::size_t port, const char* attribute) -> std::optional<double> {
    if (port < node.inputs.size() && !node.inputs[port].empty()) {
      const torch::Tensor* t = context.constant(node.inputs[port]);
      if (t == nullptr || t->numel() != 1) return std::nullopt;
      return t->to(torch::kFloat64).item<double>();
    }
    if (node.has(attribute)) return node.real(attribute, 0);
    return std::nullopt;
  };
  const auto low = bound(1, "min"), high = bound(2, "max");
  if (low && *low == 0 && high && *high == 6) return simple("ReLU6")(node, context);
  const bool no_high = node.inputs.size() < 3 || node.inputs[2].empty();
  if (low && *low == 0 && no_high && !node.has("max")) return simple("ReLU")(node, context);
  return context.refuse(node, "only Clip(0, 6) (ReLU6) and Clip(0) (ReLU) are supported");
}

// MaxPool and AveragePool: a square window, one stride, the same padding on every side.
OperatorRule pool(const std::string& type) {
  return [type](const OnnxNodeView& node, MappingContext& context) {
    if (data_input(node, 0, context).empty()) return false;
    const auto kernel = node.ints("kernel_shape");
    const auto strides = node.ints("strides", {1, 1});
    const auto pads = node.ints("pads", {0, 0, 0, 0});
    const auto dilations = node.ints("dilations", {1, 1});
    if (kernel.size() != 2 || kernel[0] != kernel[1]) {
      return context.refuse(node, "kernel " + list_text(kernel) + " is not square");
    }
    if (strides.size() != 2 || strides[0] != strides[1]) {
      return context.refuse(node, "strides " + list_text(strides) + " differ per axis");
    }
    if (pads.size() != 4 || std::count(pads.begin(), pads.end(), pads[0]) != 4) {
      return context.refuse(node, "padding " + list_text(pads) + " differs per side");
    }
    if (dilations != std::vector<std::int64_t>{1, 1}) {
      return context.refuse(node, "dilated pooling is not supported");
    }
    const std::string auto_pad = node.text("auto_pad", "NOTSET");
    if (auto_pad != "NOTSET" && auto_pad != "VALID") {
      return context.refuse(node, "auto_pad " + auto_pad + " is not supported");
    }
    if (node.outputs.size() > 1 && !node.outputs[1].empty()) {
      return context.refuse(node, "the indices output is not supported");
    }
    if (type == "AvgPool2d" && pads[0] > 0 && node.integer("count_include_pad", 0) == 0) {
      return context.refuse(node,
                            "count_include_pad 0 with padding is not supported "
                            "(ConvStudio's AvgPool2d counts the padded zeros)");
    }
    context.add_block(node, type,
                      {{"kernel", kernel[0]},
                       {"stride", strides[0]},
                       {"padding", pads[0]},
                       {"ceil_mode", node.integer("ceil_mode", 0) != 0}},
                      {node.inputs[0]}, node.outputs.at(0));
    return true;
  };
}

bool map_global_pool(const OnnxNodeView& node, MappingContext& context) {
  if (data_input(node, 0, context).empty()) return false;
  context.add_block(node, "AdaptiveAvgPool2d", {{"output_size", std::int64_t{1}}}, {node.inputs[0]},
                    node.outputs.at(0));
  return true;
}

// ReduceMean over H and W is a global average pool (PyTorch's dynamo exporter writes it for
// AdaptiveAvgPool2d(1) and mean((2, 3))); without keepdims a Flatten follows.
bool map_reduce_mean(const OnnxNodeView& node, MappingContext& context) {
  if (data_input(node, 0, context).empty()) return false;
  std::optional<ShapeValue> axes;
  if (node.inputs.size() > 1 && !node.inputs[1].empty()) {
    axes = context.integers(node.inputs[1]);
  } else if (node.has("axes")) {
    ShapeValue values;
    for (std::int64_t a : node.ints("axes")) values.push_back(a);
    axes = values;
  }
  std::set<std::int64_t> axis_set;
  for (const auto& a : axes.value_or(ShapeValue{})) {
    if (a) axis_set.insert(*a < 0 ? *a + 4 : *a);
  }
  if (axis_set != std::set<std::int64_t>{2, 3}) {
    return context.refuse(node, "only the mean over height and width (axes 2, 3) is supported");
  }
  if (node.integer("keepdims", 1) != 0) return map_global_pool(node, context);
  const std::string pooled = node.outputs.at(0) + "/pooled";
  context.add_block(node, "AdaptiveAvgPool2d", {{"output_size", std::int64_t{1}}}, {node.inputs[0]},
                    pooled);
  context.add_block(node, "Flatten", {}, {pooled}, node.outputs.at(0));
  return true;
}

bool map_flatten(const OnnxNodeView& node, MappingContext& context) {
  if (node.integer("axis", 1) != 1) {
    return context.refuse(node, "only Flatten from axis 1 (keeping the batch) is supported");
  }
  return simple("Flatten")(node, context);
}

// Reshape to [batch, -1] or [batch, K] is a Flatten (exporters write it for x.view(n, -1)).
bool map_reshape(const OnnxNodeView& node, MappingContext& context) {
  if (data_input(node, 0, context).empty()) return false;
  const std::optional<ShapeValue> target =
      node.inputs.size() > 1 ? context.integers(node.inputs[1]) : std::nullopt;
  if (!target) {
    return context.refuse(node, "the target shape is computed in a way ConvStudio cannot follow");
  }
  std::vector<std::int64_t> shown;
  for (const auto& d : *target) shown.push_back(d.value_or(-1));
  // The first size is the batch: computed from Shape, -1, 0 (copy), or the batch the model was
  // exported with (PyTorch's dynamo exporter writes its example's batch as a constant).
  const std::int64_t exported_batch =
      context.view().input_dims.empty() ? -1 : context.view().input_dims.front();
  const auto& first = target->size() == 2 ? (*target)[0] : std::nullopt;
  const bool flat = target->size() == 2 && (!first || *first == -1 || *first == 0 || *first == 1 ||
                                            *first == exported_batch);
  const bool features_known = flat && (*target)[1] && *(*target)[1] > 0;
  const bool features_free = flat && (*target)[1] && *(*target)[1] == -1;
  if (!features_known && !features_free) {
    return context.refuse(node, "reshapes to " + list_text(shown) +
                                    "; only a flatten to [batch, features] is supported");
  }
  const std::string id = context.add_block(node, "Flatten", {}, {node.inputs[0]}, node.outputs[0]);
  if (features_known) context.out().flatten_features[id] = *(*target)[1];
  return true;
}

bool map_concat(const OnnxNodeView& node, MappingContext& context) {
  if (node.integer("axis", 1) != 1) {
    return context.refuse(node, "only Concat along the channels (axis 1) is supported");
  }
  if (node.inputs.size() < 2 || node.inputs.size() > 8) {
    return context.refuse(node, "joins " + std::to_string(node.inputs.size()) +
                                    " inputs; ConvStudio's Concat takes 2 to 8");
  }
  for (std::size_t port = 0; port < node.inputs.size(); ++port) {
    if (data_input(node, port, context).empty()) return false;
  }
  context.add_block(node, "Concat", {}, node.inputs, node.outputs.at(0));
  return true;
}

bool map_dropout(const OnnxNodeView& node, MappingContext& context) {
  if (data_input(node, 0, context).empty()) return false;
  double p = node.real("ratio", 0.5);
  if (node.inputs.size() > 1 && !node.inputs[1].empty()) {
    if (const torch::Tensor* ratio = context.constant(node.inputs[1])) {
      p = ratio->to(torch::kFloat64).item<double>();
    }
  }
  if (node.outputs.size() > 1 && !node.outputs[1].empty()) {
    return context.refuse(node, "the mask output is not supported");
  }
  context.add_block(node, "Dropout", {{"p", p}}, {node.inputs[0]}, node.outputs.at(0));
  return true;
}

bool map_identity(const OnnxNodeView& node, MappingContext& context) {
  if (data_input(node, 0, context).empty()) return false;
  context.alias(node.outputs.at(0), node.inputs[0]);
  return true;
}

// Softmax only as the last node: the Output block applies it at inference.
bool map_softmax(const OnnxNodeView& node, MappingContext& context) {
  if (node.outputs.at(0) != context.view().output_name) {
    return context.refuse(node, "Softmax is supported only as the model's last node");
  }
  const std::int64_t axis = node.integer("axis", context.view().opset >= 13 ? -1 : 1);
  if (axis != 1 && axis != -1) return context.refuse(node, "Softmax must run over the classes");
  if (data_input(node, 0, context).empty()) return false;
  context.softmax_at_output = true;
  context.alias(node.outputs.at(0), node.inputs[0]);
  return true;
}

// Resize as the Upsample block computes it: nearest with asymmetric coordinates and floor
// (PyTorch's "nearest"), or linear with half_pixel (pytorch_half_pixel) or align_corners
// coordinates; by equal whole scale factors on H and W, or to a size whose H and W are known.
bool map_resize(const OnnxNodeView& node, MappingContext& context) {
  if (data_input(node, 0, context).empty()) return false;
  const bool opset10 = context.view().opset < 11;
  const std::string mode = node.text("mode", "nearest");
  const std::string coordinates =
      node.text("coordinate_transformation_mode", opset10 ? "asymmetric" : "half_pixel");
  if (node.integer("antialias", 0) != 0) {
    return context.refuse(node, "antialiased resizing is not supported");
  }
  bool align_corners = false;
  if (mode == "nearest") {
    const std::string rounding =
        node.text("nearest_mode", opset10 ? "floor" : "round_prefer_floor");
    if (coordinates != "asymmetric" || rounding != "floor") {
      return context.refuse(node, "nearest resizing with " + coordinates + " coordinates and " +
                                      rounding +
                                      " rounding is not supported (PyTorch's nearest is "
                                      "asymmetric with floor)");
    }
  } else if (mode == "linear") {
    if (coordinates == "align_corners") {
      align_corners = true;
    } else if (coordinates != "half_pixel" && coordinates != "pytorch_half_pixel") {
      return context.refuse(node, "linear resizing with " + coordinates +
                                      " coordinates is not supported (half_pixel and "
                                      "align_corners are)");
    }
  } else {
    return context.refuse(node, "mode " + mode + " is not supported (nearest and linear are)");
  }
  // With axes (opset 18) the scales or sizes name those axes only; they must be H and W.
  std::vector<std::int64_t> axes = node.ints("axes", {0, 1, 2, 3});
  for (std::int64_t& a : axes) a = a < 0 ? a + 4 : a;
  const std::size_t scales_port = opset10 ? 1 : 2;
  const std::size_t sizes_port = 3;
  BlockParams params{{"mode", std::string(mode == "linear" ? "bilinear" : "nearest")},
                     {"align_corners", align_corners}};
  auto input = [&](std::size_t port) {
    return port < node.inputs.size() ? node.inputs[port] : std::string();
  };
  if (!input(sizes_port).empty()) {
    const std::optional<ShapeValue> sizes = context.integers(input(sizes_port));
    if (!sizes || sizes->size() != axes.size() || axes.size() < 2 || axes[axes.size() - 2] != 2 ||
        axes.back() != 3 || !(*sizes)[sizes->size() - 2] || !sizes->back()) {
      return context.refuse(node, "the output height and width must be known when importing");
    }
    params["by"] = std::string("size");
    params["height"] = *(*sizes)[sizes->size() - 2];
    params["width"] = *sizes->back();
  } else {
    const torch::Tensor* scales = context.constant(input(scales_port));
    if (scales == nullptr || scales->numel() != static_cast<std::int64_t>(axes.size())) {
      return context.refuse(node, "the scale factors must be constants");
    }
    const torch::Tensor factors = scales->to(torch::kFloat64).contiguous();
    const double* f = factors.data_ptr<double>();
    std::map<std::int64_t, double> by_axis;
    for (std::size_t i = 0; i < axes.size(); ++i) by_axis[axes[i]] = f[i];
    const double h = by_axis.count(2) ? by_axis[2] : 1.0, w = by_axis.count(3) ? by_axis[3] : 1.0;
    if ((by_axis.count(0) && by_axis[0] != 1.0) || (by_axis.count(1) && by_axis[1] != 1.0)) {
      return context.refuse(node, "only height and width may be resized");
    }
    if (h != w || h < 1 || h != std::floor(h)) {
      return context.refuse(node, "scale factors " + std::to_string(h) + " and " +
                                      std::to_string(w) +
                                      " are not supported (one whole factor for height and "
                                      "width; other sizes import when given as sizes)");
    }
    params["by"] = std::string("scale");
    params["scale"] = static_cast<std::int64_t>(h);
  }
  context.add_block(node, "Upsample", std::move(params), {node.inputs[0]}, node.outputs.at(0));
  return true;
}

}  // namespace

const OperatorRule* find_operator_rule(const std::string& op_type) {
  static const std::map<std::string, OperatorRule> rules{
      {"Conv", map_conv},
      {"ConvTranspose", map_conv_transpose},
      {"BatchNormalization", map_batch_norm},
      {"Gemm", map_gemm},
      {"MatMul", map_matmul},
      {"Add", map_add},
      {"Relu", simple("ReLU")},
      {"LeakyRelu", map_leaky_relu},
      {"Sigmoid", simple("Sigmoid")},
      {"Tanh", simple("Tanh")},
      {"Gelu", map_gelu},
      {"HardSwish", simple("Hardswish")},
      {"HardSigmoid", map_hard_sigmoid},
      {"Clip", map_clip},
      {"MaxPool", pool("MaxPool2d")},
      {"AveragePool", pool("AvgPool2d")},
      {"GlobalAveragePool", map_global_pool},
      {"ReduceMean", map_reduce_mean},
      {"Flatten", map_flatten},
      {"Reshape", map_reshape},
      {"Concat", map_concat},
      {"Dropout", map_dropout},
      {"Identity", map_identity},
      {"Softmax", map_softmax},
      {"Resize", map_resize},
  };
  auto it = rules.find(op_type);
  return it == rules.end() ? nullptr : &it->second;
}

}  // namespace convstudio::onnx_import
