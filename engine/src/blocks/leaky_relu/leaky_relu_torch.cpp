// LeakyReLU: torch::leaky_relu, torch.leaky_relu, F.leaky_relu and ONNX LeakyRelu.

#include "blocks/block_torch.h"
#include "blocks/python_literals.h"

namespace convstudio::blocks::leaky_relu {

BlockTorch torch_half() {
  return {
      .build =
          [](const Block& block, const BlockAnalysis&) {
            const double slope = block.float_param("negative_slope");
            return function_layer(
                [slope](const auto& in, bool) { return torch::leaky_relu(in[0], slope); });
          },
      .torchscript =
          [](const Block& block, const std::vector<std::string>& in) {
            return "torch.leaky_relu(" + in[0] + ", " +
                   python_float(block.float_param("negative_slope")) + ")";
          },
      .python =
          [](const Block& block, const std::vector<std::string>& in) {
            return "F.leaky_relu(" + in[0] + ", " +
                   python_float(block.float_param("negative_slope")) + ")";
          },
      .onnx =
          [](const OnnxBlock& b, OnnxSink& sink) {
            sink.add_node(OnnxNode("LeakyRelu", b.block.id, b.inputs, b.output)
                              .real("alpha", b.block.float_param("negative_slope")));
            return b.output;
          },
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"LeakyRelu (alpha)", {}};
      },
      .torchscript_target = "torch.leaky_relu",
      .python_target = "F.leaky_relu",
  };
}

}  // namespace convstudio::blocks::leaky_relu
