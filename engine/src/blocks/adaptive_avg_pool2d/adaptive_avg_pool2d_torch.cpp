// AdaptiveAvgPool2d: torch::nn::AdaptiveAvgPool2d, torch.adaptive_avg_pool2d,
// F.adaptive_avg_pool2d. ONNX has no adaptive pooling: size 1 is GlobalAveragePool, a size that
// divides the input is a fixed AveragePool, any other size is refused.

#include "blocks/block_torch.h"
#include "blocks/python_literals.h"

namespace convstudio::blocks::adaptive_avg_pool2d {
namespace {

std::string onnx(const OnnxBlock& b, OnnxSink& sink) {
  const std::int64_t size = b.block.int_param("output_size");
  if (size == 1) return onnx_single_node(b, sink, "GlobalAveragePool");
  // Adaptive windows are fixed ones when the size divides the input (checked beforehand).
  const TensorShape& x = b.shapes.input_shapes.at(0);
  const std::vector<std::int64_t> window{x.height() / size, x.width() / size};
  sink.add_node(OnnxNode("AveragePool", b.block.id, b.inputs, b.output)
                    .ints("kernel_shape", window)
                    .ints("strides", window)
                    .ints("pads", {0, 0, 0, 0})
                    .integer("ceil_mode", 0)
                    .integer("count_include_pad", 1));
  return b.output;
}

ExportTarget onnx_target(const Block& block, const BlockAnalysis& shapes) {
  const std::int64_t size = block.int_param("output_size");
  if (size == 1) return {"GlobalAveragePool", {}};
  const TensorShape& in = shapes.input_shapes.at(0);
  if (in.height() % size != 0 || in.width() % size != 0) {
    return {"", "AdaptiveAvgPool2d: output size " + std::to_string(size) + " does not divide " +
                    std::to_string(in.height()) + "\u00d7" + std::to_string(in.width()) +
                    "; ONNX has no adaptive pooling (use output size 1 or a dividing size)"};
  }
  return {"AveragePool (fixed windows equal to the adaptive ones)", {}};
}

}  // namespace

BlockTorch torch_half() {
  return {
      .build =
          [](const Block& block, const BlockAnalysis&) {
            return module_layer(torch::nn::AdaptiveAvgPool2d(
                torch::nn::AdaptiveAvgPool2dOptions(block.int_param("output_size"))));
          },
      .torchscript =
          [](const Block& block, const std::vector<std::string>& in) {
            return "torch.adaptive_avg_pool2d(" + in[0] + ", " +
                   python_ints(square(block.int_param("output_size"))) + ")";
          },
      .python =
          [](const Block& block, const std::vector<std::string>& in) {
            return "F.adaptive_avg_pool2d(" + in[0] + ", " +
                   std::to_string(block.int_param("output_size")) + ")";
          },
      .onnx = onnx,
      .onnx_target = onnx_target,
      .torchscript_target = "torch.adaptive_avg_pool2d",
      .python_target = "F.adaptive_avg_pool2d",
  };
}

}  // namespace convstudio::blocks::adaptive_avg_pool2d
