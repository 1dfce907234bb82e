// Operators with weights: their initializers become the block's tensors, in PyTorch's layout.

#include "import/onnx_operator_rules.h"

#include <algorithm>
#include <functional>

namespace convstudio::onnx_import {
namespace {

bool all_equal(const std::vector<std::int64_t>& values) {
  return std::adjacent_find(values.begin(), values.end(), std::not_equal_to<>()) == values.end();
}

struct ConvPadding {
  std::int64_t padding = 0;
  bool same = false;
};

// ONNX pads are [top, left, bottom, right]; ConvStudio has symmetric padding, or PyTorch's
// 'same' at stride 1 (the odd pixel at the bottom and right).
std::optional<ConvPadding> conv_padding(const OnnxNodeView& node, std::int64_t span,
                                        std::int64_t stride, std::string& why) {
  const std::string auto_pad = node.text("auto_pad", "NOTSET");
  const std::int64_t total = span - 1;
  if (auto_pad == "VALID") return ConvPadding{};
  if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
    if (stride != 1) {
      why = "auto_pad " + auto_pad + " with stride " + std::to_string(stride) +
            " is not supported (ConvStudio's 'same' padding needs stride 1)";
      return std::nullopt;
    }
    if (auto_pad == "SAME_LOWER" && total % 2 == 1) {
      why =
          "auto_pad SAME_LOWER puts the odd pixel at the top and left; ConvStudio (like "
          "PyTorch) puts it at the bottom and right";
      return std::nullopt;
    }
    return ConvPadding{.same = true};
  }
  if (auto_pad != "NOTSET") {
    why = "auto_pad " + auto_pad + " is not supported";
    return std::nullopt;
  }
  const std::vector<std::int64_t> pads = node.ints("pads", {0, 0, 0, 0});
  if (pads.size() != 4) {
    why = "pads " + list_text(pads) + " are not 2-D";
    return std::nullopt;
  }
  if (all_equal(pads)) return ConvPadding{.padding = pads[0]};
  if (stride == 1 && pads[0] == pads[1] && pads[2] == pads[3] && pads[0] + pads[2] == total &&
      pads[2] == total - total / 2) {
    return ConvPadding{.same = true};
  }
  why = "asymmetric padding " + list_text(pads) +
        " is not supported (ConvStudio pads every side alike, or 'same' at stride 1)";
  return std::nullopt;
}

}  // namespace

// A value the file stores as an initializer, directly or through Identity nodes (the
// TorchScript-based exporter shares equal initializers, SqueezeNet's zero biases, that way).
bool stored_in_file(const OnnxModelView& view, std::string value) {
  for (std::size_t hops = 0; hops <= view.nodes.size(); ++hops) {
    if (view.constants.contains(value)) return true;
    const auto producer = std::find_if(view.nodes.begin(), view.nodes.end(), [&](const auto& n) {
      return n.op_type == "Identity" && !n.outputs.empty() && n.outputs[0] == value;
    });
    if (producer == view.nodes.end() || producer->inputs.empty()) return false;
    value = producer->inputs[0];
  }
  return false;
}

bool map_conv(const OnnxNodeView& node, MappingContext& context) {
  const std::string from = data_input(node, 0, context);
  if (from.empty()) return false;
  const torch::Tensor* weight = constant_input(node, 1, context, "weights");
  if (weight == nullptr) return false;
  if (weight->dim() != 4) return context.refuse(node, "only 2-D convolutions are supported");
  const std::vector<std::int64_t> kernel =
      node.ints("kernel_shape", {weight->size(2), weight->size(3)});
  const std::vector<std::int64_t> strides = node.ints("strides", {1, 1});
  const std::vector<std::int64_t> dilations = node.ints("dilations", {1, 1});
  if (kernel.size() != 2 || !all_equal(kernel)) {
    return context.refuse(node, "kernel " + list_text(kernel) +
                                    " is not square (ConvStudio's Conv2d has one kernel size)");
  }
  if (strides.size() != 2 || !all_equal(strides)) {
    return context.refuse(node, "strides " + list_text(strides) + " differ per axis");
  }
  if (dilations.size() != 2 || !all_equal(dilations)) {
    return context.refuse(node, "dilations " + list_text(dilations) + " differ per axis");
  }
  std::string why;
  const std::optional<ConvPadding> padding =
      conv_padding(node, dilations[0] * (kernel[0] - 1) + 1, strides[0], why);
  if (!padding) return context.refuse(node, why);
  const torch::Tensor* bias = nullptr;
  if (node.inputs.size() > 2 && !node.inputs[2].empty()) {
    bias = constant_input(node, 2, context, "bias");
    if (bias == nullptr) return false;
    // PyTorch's default (dynamo) exporter writes a convolution without bias as one whose bias
    // is computed zeros: that is no bias, and counting it would add parameters the model lacks.
    const bool stored = stored_in_file(context.view(), node.inputs[2]);
    if (!stored && !bias->count_nonzero().item<std::int64_t>()) bias = nullptr;
  }
  const std::string id =
      context.add_block(node, "Conv2d",
                        {{"out_channels", weight->size(0)},
                         {"kernel", kernel[0]},
                         {"stride", strides[0]},
                         {"padding", padding->padding},
                         {"padding_mode", std::string(padding->same ? "same" : "explicit")},
                         {"dilation", dilations[0]},
                         {"groups", node.integer("group", 1)},
                         {"bias", bias != nullptr}},
                        {node.inputs[0]}, node.outputs.at(0));
  context.set_tensor(id, "weight", *weight);
  if (bias != nullptr) context.set_tensor(id, "bias", *bias);
  return true;
}

// ConvTranspose as nn.ConvTranspose2d: square kernel, equal strides, dilations and output
// padding per axis, the same padding on every side, no output_shape (PyTorch's exporters
// write pads).
bool map_conv_transpose(const OnnxNodeView& node, MappingContext& context) {
  const std::string from = data_input(node, 0, context);
  if (from.empty()) return false;
  const torch::Tensor* weight = constant_input(node, 1, context, "weights");
  if (weight == nullptr) return false;
  if (weight->dim() != 4) {
    return context.refuse(node, "only 2-D transposed convolutions are supported");
  }
  const std::int64_t groups = node.integer("group", 1);
  const std::vector<std::int64_t> kernel =
      node.ints("kernel_shape", {weight->size(2), weight->size(3)});
  const std::vector<std::int64_t> strides = node.ints("strides", {1, 1});
  const std::vector<std::int64_t> dilations = node.ints("dilations", {1, 1});
  const std::vector<std::int64_t> output_padding = node.ints("output_padding", {0, 0});
  const std::vector<std::int64_t> pads = node.ints("pads", {0, 0, 0, 0});
  if (node.has("output_shape")) {
    return context.refuse(node, "output_shape is not supported (give pads instead)");
  }
  if (node.text("auto_pad", "NOTSET") != "NOTSET") {
    return context.refuse(node, "auto_pad is not supported (give pads instead)");
  }
  const std::pair<const char*, const std::vector<std::int64_t>*> checks[] = {
      {"kernel", &kernel},
      {"strides", &strides},
      {"dilations", &dilations},
      {"output_padding", &output_padding},
      {"pads", &pads}};
  for (const auto& [what, values] : checks) {
    if ((values->size() != 2 && values->size() != 4) || !all_equal(*values)) {
      return context.refuse(node, std::string(what) + " " + list_text(*values) +
                                      " differ per axis or side (ConvTranspose2d has one value)");
    }
  }
  const torch::Tensor* bias = nullptr;
  if (node.inputs.size() > 2 && !node.inputs[2].empty()) {
    bias = constant_input(node, 2, context, "bias");
    if (bias == nullptr) return false;
  }
  const std::string id = context.add_block(node, "ConvTranspose2d",
                                           {{"out_channels", weight->size(1) * groups},
                                            {"kernel", kernel[0]},
                                            {"stride", strides[0]},
                                            {"padding", pads[0]},
                                            {"output_padding", output_padding[0]},
                                            {"dilation", dilations[0]},
                                            {"groups", groups},
                                            {"bias", bias != nullptr}},
                                           {node.inputs[0]}, node.outputs.at(0));
  context.set_tensor(id, "weight", *weight);
  if (bias != nullptr) context.set_tensor(id, "bias", *bias);
  return true;
}

bool map_batch_norm(const OnnxNodeView& node, MappingContext& context) {
  if (data_input(node, 0, context).empty()) return false;
  if (node.integer("training_mode", 0) != 0) {
    return context.refuse(node, "training_mode 1 is not supported (export the model in eval mode)");
  }
  const char* names[] = {"weight", "bias", "running_mean", "running_var"};
  std::vector<const torch::Tensor*> tensors;
  for (std::size_t port = 1; port <= 4; ++port) {
    const torch::Tensor* t = constant_input(node, port, context, names[port - 1]);
    if (t == nullptr) return false;
    tensors.push_back(t);
  }
  // ONNX's momentum weighs the old statistics; PyTorch's weighs the new batch.
  const double momentum = 1.0 - node.real("momentum", 0.9);
  const std::string id = context.add_block(
      node, "BatchNorm2d", {{"eps", node.real("epsilon", 1e-5)}, {"momentum", momentum}},
      {node.inputs[0]}, node.outputs.at(0));
  for (std::size_t i = 0; i < 4; ++i) context.set_tensor(id, names[i], *tensors[i]);
  context.out().tensors[id + ".num_batches_tracked"] = torch::zeros({}, torch::kInt64);
  return true;
}

bool map_gemm(const OnnxNodeView& node, MappingContext& context) {
  if (data_input(node, 0, context).empty()) return false;
  if (node.integer("transA", 0) != 0) {
    return context.refuse(node, "transA 1 is not supported (the input must be batch×features)");
  }
  const torch::Tensor* b = constant_input(node, 1, context, "weights");
  if (b == nullptr) return false;
  if (b->dim() != 2) return context.refuse(node, "the weights are not a matrix");
  torch::Tensor weight = node.integer("transB", 0) != 0 ? *b : b->t();
  weight = weight * node.real("alpha", 1.0);
  std::optional<torch::Tensor> bias;
  if (node.inputs.size() > 2 && !node.inputs[2].empty()) {
    const torch::Tensor* c = constant_input(node, 2, context, "bias");
    if (c == nullptr) return false;
    if (c->numel() != weight.size(0) && c->numel() != 1) {
      return context.refuse(node, "the bias has " + std::to_string(c->numel()) + " values for " +
                                      std::to_string(weight.size(0)) + " outputs");
    }
    bias = c->reshape({-1}).expand({weight.size(0)}) * node.real("beta", 1.0);
  }
  const std::string id = context.add_block(
      node, "Linear", {{"out_features", weight.size(0)}, {"bias", bias.has_value()}},
      {node.inputs[0]}, node.outputs.at(0));
  context.set_tensor(id, "weight", weight);
  if (bias) context.set_tensor(id, "bias", *bias);
  return true;
}

bool map_matmul(const OnnxNodeView& node, MappingContext& context) {
  if (data_input(node, 0, context).empty()) return false;
  const torch::Tensor* b = constant_input(node, 1, context, "weights");
  if (b == nullptr) return false;
  if (b->dim() != 2) return context.refuse(node, "the weights are not a matrix");
  const std::string id =
      context.add_block(node, "Linear", {{"out_features", b->size(1)}, {"bias", false}},
                        {node.inputs[0]}, node.outputs.at(0));
  context.set_tensor(id, "weight", b->t());
  context.bias_free_matmul[node.outputs.at(0)] = id;
  return true;
}

// Add of two blocks: a residual Add block. Add of a constant: only as the bias of a MatMul.
bool map_add(const OnnxNodeView& node, MappingContext& context) {
  if (node.inputs.size() != 2) return context.refuse(node, "needs two inputs");
  const bool first_constant = context.constant(node.inputs[0]) != nullptr;
  const bool second_constant = context.constant(node.inputs[1]) != nullptr;
  if (!first_constant && !second_constant) {
    if (data_input(node, 0, context).empty() || data_input(node, 1, context).empty()) return false;
    context.add_block(node, "Add", {}, node.inputs, node.outputs.at(0));
    return true;
  }
  const std::string& value = node.inputs[first_constant ? 1 : 0];
  const torch::Tensor& bias = *context.constant(node.inputs[first_constant ? 0 : 1]);
  auto matmul = context.bias_free_matmul.find(value);
  if (matmul == context.bias_free_matmul.end()) {
    return context.refuse(node, "adding a constant is supported only as the bias after MatMul");
  }
  const std::string id = matmul->second;
  Block* block = context.out().graph.find_block(id);
  const std::int64_t features = block->int_param("out_features");
  if (bias.numel() != features) {
    return context.refuse(node, "the bias has " + std::to_string(bias.numel()) + " values for " +
                                    std::to_string(features) + " features");
  }
  context.bias_free_matmul.erase(matmul);
  block->params["bias"] = true;
  context.set_tensor(id, "bias", bias.reshape({-1}));
  context.alias(node.outputs.at(0), value);
  return true;
}

}  // namespace convstudio::onnx_import
