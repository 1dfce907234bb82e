// Conv2d in LibTorch (torch::nn::Conv2d), TorchScript (torch.conv2d), PyTorch (nn.Conv2d) and
// ONNX (Conv with explicit pads, also for 'same').

#include "blocks/block_torch.h"
#include "blocks/python_literals.h"

namespace convstudio::blocks::conv2d {
namespace {

bool same_padding(const Block& block) {
  return block.choice_param("padding_mode") == "same";
}

TorchLayer build(const Block& block, const BlockAnalysis& shapes) {
  auto options =
      torch::nn::Conv2dOptions(shapes.input_shapes.at(0).channels(),
                               block.int_param("out_channels"), block.int_param("kernel"))
          .stride(block.int_param("stride"))
          .dilation(block.int_param("dilation"))
          .groups(block.int_param("groups"))
          .bias(block.bool_param("bias"));
  if (same_padding(block)) {
    options.padding(torch::kSame);
  } else {
    options.padding(block.int_param("padding"));
  }
  return module_layer(torch::nn::Conv2d(options));
}

// torch::nn::Conv2d's weight: out × (in / groups) × k × k.
std::vector<BlockTensor> tensors(const Block& block, const BlockAnalysis& shapes) {
  const std::int64_t k = block.int_param("kernel");
  return weight_and_bias({block.int_param("out_channels"),
                          shapes.input_shapes.at(0).channels() / block.int_param("groups"), k, k},
                         block.bool_param("bias"));
}

std::string torchscript(const Block& block, const std::vector<std::string>& in) {
  const std::string self = torchscript_self(block);
  const std::string bias = block.bool_param("bias") ? self + "bias" : "None";
  const std::string padding =
      same_padding(block) ? "\"same\"" : python_ints(square(block.int_param("padding")));
  return "torch.conv2d(" + in[0] + ", " + self + "weight, " + bias + ", " +
         python_ints(square(block.int_param("stride"))) + ", " + padding + ", " +
         python_ints(square(block.int_param("dilation"))) + ", " +
         std::to_string(block.int_param("groups")) + ")";
}

std::string python_layer(const Block& block, const BlockAnalysis& shapes) {
  const std::string padding =
      same_padding(block) ? "\"same\"" : std::to_string(block.int_param("padding"));
  return "nn.Conv2d(" + std::to_string(shapes.input_shapes.at(0).channels()) + ", " +
         std::to_string(block.int_param("out_channels")) + ", " +
         std::to_string(block.int_param("kernel")) +
         ", stride=" + std::to_string(block.int_param("stride")) + ", padding=" + padding +
         ", dilation=" + std::to_string(block.int_param("dilation")) +
         ", groups=" + std::to_string(block.int_param("groups")) +
         ", bias=" + (block.bool_param("bias") ? "True" : "False") + ")";
}

std::string onnx(const OnnxBlock& b, OnnxSink& sink) {
  const Block& block = b.block;
  std::vector<std::string> inputs{b.inputs[0], sink.initializer(block.id, "weight")};
  if (block.bool_param("bias")) inputs.push_back(sink.initializer(block.id, "bias"));
  const std::int64_t k = block.int_param("kernel");
  const std::int64_t dilation = block.int_param("dilation");
  std::vector<std::int64_t> pads(4, block.int_param("padding"));
  if (same_padding(block)) {
    // PyTorch puts the odd pixel of 'same' padding at the bottom and right.
    const std::int64_t total = dilation * (k - 1);
    pads = {total / 2, total / 2, total - total / 2, total - total / 2};
  }
  sink.add_node(OnnxNode("Conv", block.id, inputs, b.output)
                    .ints("kernel_shape", square(k))
                    .ints("strides", square(block.int_param("stride")))
                    .ints("pads", pads)
                    .ints("dilations", square(dilation))
                    .integer("group", block.int_param("groups")));
  return b.output;
}

}  // namespace

BlockTorch torch_half() {
  return {
      .build = build,
      .tensors = tensors,
      .torchscript = torchscript,
      .python_layer = python_layer,
      .python = python_module_call,
      .onnx = onnx,
      .onnx_target = [](const Block& block, const BlockAnalysis&) -> ExportTarget {
        return {same_padding(block)
                    ? "Conv (kernel_shape, strides, explicit pads for 'same', dilations, group)"
                    : "Conv (kernel_shape, strides, pads, dilations, group)",
                {}};
      },
      .torchscript_target = "torch.conv2d",
      .python_target = "nn.Conv2d",
  };
}

}  // namespace convstudio::blocks::conv2d
