// Flatten: Tensor::flatten(1), torch.flatten and ONNX Flatten (axis 1).

#include "blocks/block_torch.h"

namespace convstudio::blocks::flatten {

BlockTorch torch_half() {
  return {
      .build =
          [](const Block&, const BlockAnalysis&) {
            return function_layer([](const auto& in, bool) { return in[0].flatten(1); });
          },
      .torchscript =
          [](const Block&, const std::vector<std::string>& in) {
            return "torch.flatten(" + in[0] + ", 1)";
          },
      .python =
          [](const Block&, const std::vector<std::string>& in) {
            return "torch.flatten(" + in[0] + ", 1)";
          },
      .onnx =
          [](const OnnxBlock& b, OnnxSink& sink) {
            sink.add_node(OnnxNode("Flatten", b.block.id, b.inputs, b.output).integer("axis", 1));
            return b.output;
          },
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"Flatten (axis 1)", {}};
      },
      .torchscript_target = "torch.flatten",
      .python_target = "torch.flatten",
  };
}

}  // namespace convstudio::blocks::flatten
