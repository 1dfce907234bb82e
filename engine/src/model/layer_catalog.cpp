#include "convstudio/model/layer_catalog.h"

#include <algorithm>

namespace convstudio {
namespace {

ParamSpec int_param(std::string name, std::int64_t value, std::int64_t min, std::int64_t max,
                    std::string doc) {
  return ParamSpec{std::move(name),
                   ParamType::Int,
                   value,
                   static_cast<double>(min),
                   static_cast<double>(max),
                   {},
                   std::move(doc)};
}

ParamSpec float_param(std::string name, double value, double min, double max, std::string doc) {
  return ParamSpec{std::move(name), ParamType::Float, value, min, max, {}, std::move(doc)};
}

ParamSpec bool_param(std::string name, bool value, std::string doc) {
  return ParamSpec{std::move(name), ParamType::Bool, value, 0, 1, {}, std::move(doc)};
}

ParamSpec choice_param(std::string name, std::string value, std::vector<std::string> choices,
                       std::string doc) {
  return ParamSpec{std::move(name),    ParamType::Choice, std::move(value), 0, 0,
                   std::move(choices), std::move(doc)};
}

BlockSpec block(std::string type, std::string category, std::string prefix, std::string doc,
                int min_inputs, int max_inputs, std::vector<ParamSpec> params = {}) {
  BlockSpec spec;
  spec.type = std::move(type);
  spec.category = std::move(category);
  spec.id_prefix = std::move(prefix);
  spec.doc = std::move(doc);
  spec.min_inputs = min_inputs;
  spec.max_inputs = max_inputs;
  spec.params = std::move(params);
  return spec;
}

std::vector<ParamSpec> pool_params() {
  return {
      int_param("kernel", 2, 1, 31, "Window size (square)."),
      int_param("stride", 0, 0, 31, "Step between windows; 0 = the kernel size."),
      int_param("padding", 0, 0, 15, "Implicit padding on each side; at most half the kernel.")};
}

std::vector<BlockSpec> make_catalog() {
  std::vector<BlockSpec> blocks;
  blocks.push_back(block("Input", "Input/Output", "input",
                         "The image batch entering the network (C×H×W per sample).", 0, 0,
                         {int_param("channels", 1, 1, 64, "Image channels: 1 grey, 3 colour."),
                          int_param("height", 28, 1, 4096, "Image height in pixels."),
                          int_param("width", 28, 1, 4096, "Image width in pixels.")}));
  blocks.push_back(block(
      "Conv2d", "Convolution", "conv",
      "2-D convolution; input channels are inferred from the incoming wire.", 1, 1,
      {int_param("out_channels", 16, 1, 4096, "Number of filters (output channels)."),
       int_param("kernel", 3, 1, 31, "Kernel size (square)."),
       int_param("stride", 1, 1, 16, "Step between kernel positions."),
       int_param("padding", 0, 0, 31, "Zero padding on each side (padding_mode explicit)."),
       choice_param("padding_mode", "explicit", {"explicit", "same"},
                    "explicit uses `padding`; same keeps H×W (PyTorch padding='same', stride 1)."),
       int_param("dilation", 1, 1, 16, "Spacing between kernel taps."),
       int_param("groups", 1, 1, 4096,
                 "Channel groups; = input channels makes a depthwise convolution."),
       bool_param("bias", true, "Learn a bias per output channel.")}));
  blocks.push_back(block("BatchNorm2d", "Normalization", "bn",
                         "Batch normalisation per channel, with learned scale and shift.", 1, 1,
                         {float_param("eps", 1e-5, 1e-12, 1.0, "Added to the variance."),
                          float_param("momentum", 0.1, 0.0, 1.0,
                                      "Weight of the newest batch in the running statistics.")}));
  blocks.push_back(block("ReLU", "Activation", "relu", "max(0, x).", 1, 1));
  blocks.push_back(
      block("LeakyReLU", "Activation", "lrelu", "x for x > 0, slope·x otherwise.", 1, 1,
            {float_param("negative_slope", 0.01, 0.0, 1.0, "Slope for negative inputs.")}));
  blocks.push_back(
      block("GELU", "Activation", "gelu", "Gaussian error linear unit (exact).", 1, 1));
  blocks.push_back(block("SiLU", "Activation", "silu", "x·sigmoid(x), also called swish.", 1, 1));
  blocks.push_back(block("Sigmoid", "Activation", "sigmoid", "1 / (1 + e^-x).", 1, 1));
  blocks.push_back(block("Tanh", "Activation", "tanh", "Hyperbolic tangent.", 1, 1));
  blocks.push_back(
      block("MaxPool2d", "Pooling", "maxpool", "Maximum over each window.", 1, 1, pool_params()));
  blocks.push_back(block("AvgPool2d", "Pooling", "avgpool",
                         "Average over each window (padding counts as zeros).", 1, 1,
                         pool_params()));
  blocks.push_back(
      block("AdaptiveAvgPool2d", "Pooling", "gap",
            "Averages to a fixed output size; size 1 is global average pooling.", 1, 1,
            {int_param("output_size", 1, 1, 64, "Output height and width; 1 = global pool.")}));
  blocks.push_back(block("Dropout", "Regularization", "dropout",
                         "Zeroes random elements while training and rescales the rest.", 1, 1,
                         {float_param("p", 0.5, 0.0, 1.0, "Probability of zeroing an element.")}));
  blocks.push_back(block("Dropout2d", "Regularization", "dropch",
                         "Zeroes whole random channels while training.", 1, 1,
                         {float_param("p", 0.5, 0.0, 1.0, "Probability of zeroing a channel.")}));
  blocks.push_back(block("Flatten", "Structure", "flatten",
                         "Turns C×H×W into a flat vector of C·H·W features.", 1, 1));
  blocks.push_back(block("Linear", "Dense", "fc",
                         "Fully connected layer on a flat input; input features are inferred.", 1,
                         1,
                         {int_param("out_features", 128, 1, 65536, "Number of output features."),
                          bool_param("bias", true, "Learn a bias per output feature.")}));
  blocks.push_back(block("Add", "Merge", "add",
                         "Element-wise sum of 2 to 8 inputs of the same shape (residual).", 2, 8));
  blocks.push_back(block("Concat", "Merge", "concat",
                         "Joins 2 to 8 inputs along the channels (same H×W).", 2, 8));
  BlockSpec output = block(
      "Output", "Input/Output", "output",
      "Class scores: a Linear layer to `classes` on a flat input; softmax only at inference.", 1, 1,
      {int_param("classes", 10, 1, 100000, "Number of classes."),
       bool_param("softmax", true,
                  "Apply softmax when running for inference; training always uses logits.")});
  output.has_consumers = false;
  blocks.push_back(std::move(output));
  return blocks;
}

}  // namespace

const ParamSpec* BlockSpec::find_param(std::string_view name) const {
  for (const ParamSpec& param : params) {
    if (param.name == name) return &param;
  }
  return nullptr;
}

const LayerCatalog& LayerCatalog::instance() {
  static const LayerCatalog catalog;
  return catalog;
}

LayerCatalog::LayerCatalog() : blocks_(make_catalog()) {}

const BlockSpec* LayerCatalog::find(std::string_view type) const {
  for (const BlockSpec& spec : blocks_) {
    if (spec.type == type) return &spec;
  }
  return nullptr;
}

std::vector<std::string> LayerCatalog::categories() const {
  std::vector<std::string> result;
  for (const BlockSpec& spec : blocks_) {
    if (std::find(result.begin(), result.end(), spec.category) == result.end()) {
      result.push_back(spec.category);
    }
  }
  return result;
}

}  // namespace convstudio
