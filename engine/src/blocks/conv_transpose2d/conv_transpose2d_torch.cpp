// ConvTranspose2d in LibTorch (torch::nn::ConvTranspose2d), TorchScript
// (torch.conv_transpose2d), PyTorch (nn.ConvTranspose2d) and ONNX (ConvTranspose, whose weight
// layout in × out/groups × k × k is PyTorch's).

#include "blocks/block_torch.h"
#include "blocks/python_literals.h"

namespace convstudio::blocks::conv_transpose2d {
namespace {

TorchLayer build(const Block& block, const BlockAnalysis& shapes) {
  return module_layer(torch::nn::ConvTranspose2d(
      torch::nn::ConvTranspose2dOptions(shapes.input_shapes.at(0).channels(),
                                        block.int_param("out_channels"), block.int_param("kernel"))
          .stride(block.int_param("stride"))
          .padding(block.int_param("padding"))
          .output_padding(block.int_param("output_padding"))
          .dilation(block.int_param("dilation"))
          .groups(block.int_param("groups"))
          .bias(block.bool_param("bias"))));
}

// torch::nn::ConvTranspose2d's weight: in × (out / groups) × k × k.
std::vector<BlockTensor> tensors(const Block& block, const BlockAnalysis& shapes) {
  const std::int64_t k = block.int_param("kernel");
  std::vector<BlockTensor> result{
      {"weight",
       false,
       {shapes.input_shapes.at(0).channels(),
        block.int_param("out_channels") / block.int_param("groups"), k, k}}};
  if (block.bool_param("bias"))
    result.push_back({"bias", false, {block.int_param("out_channels")}});
  return result;
}

std::string torchscript(const Block& block, const std::vector<std::string>& in) {
  const std::string self = torchscript_self(block);
  const std::string bias = block.bool_param("bias") ? self + "bias" : "None";
  return "torch.conv_transpose2d(" + in[0] + ", " + self + "weight, " + bias + ", " +
         python_ints(square(block.int_param("stride"))) + ", " +
         python_ints(square(block.int_param("padding"))) + ", " +
         python_ints(square(block.int_param("output_padding"))) + ", " +
         std::to_string(block.int_param("groups")) + ", " +
         python_ints(square(block.int_param("dilation"))) + ")";
}

std::string python_layer(const Block& block, const BlockAnalysis& shapes) {
  return "nn.ConvTranspose2d(" + std::to_string(shapes.input_shapes.at(0).channels()) + ", " +
         std::to_string(block.int_param("out_channels")) + ", " +
         std::to_string(block.int_param("kernel")) +
         ", stride=" + std::to_string(block.int_param("stride")) +
         ", padding=" + std::to_string(block.int_param("padding")) +
         ", output_padding=" + std::to_string(block.int_param("output_padding")) +
         ", groups=" + std::to_string(block.int_param("groups")) +
         ", bias=" + (block.bool_param("bias") ? "True" : "False") +
         ", dilation=" + std::to_string(block.int_param("dilation")) + ")";
}

std::string onnx(const OnnxBlock& b, OnnxSink& sink) {
  const Block& block = b.block;
  std::vector<std::string> inputs{b.inputs[0], sink.initializer(block.id, "weight")};
  if (block.bool_param("bias")) inputs.push_back(sink.initializer(block.id, "bias"));
  sink.add_node(OnnxNode("ConvTranspose", block.id, inputs, b.output)
                    .ints("kernel_shape", square(block.int_param("kernel")))
                    .ints("strides", square(block.int_param("stride")))
                    .ints("pads", std::vector<std::int64_t>(4, block.int_param("padding")))
                    .ints("output_padding", square(block.int_param("output_padding")))
                    .ints("dilations", square(block.int_param("dilation")))
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
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"ConvTranspose (kernel_shape, strides, pads, output_padding, dilations, group)",
                {}};
      },
      .torchscript_target = "torch.conv_transpose2d",
      .python_target = "nn.ConvTranspose2d",
  };
}

}  // namespace convstudio::blocks::conv_transpose2d
