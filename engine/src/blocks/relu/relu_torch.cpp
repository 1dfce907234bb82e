// ReLU: torch::relu, torch.relu, F.relu and ONNX Relu.

#include "blocks/block_torch.h"

namespace convstudio::blocks::relu {

BlockTorch torch_half() {
  return {
      .build =
          [](const Block&, const BlockAnalysis&) {
            return function_layer([](const auto& in, bool) { return torch::relu(in[0]); });
          },
      .torchscript = [](const Block&,
                        const std::vector<std::string>& in) { return "torch.relu(" + in[0] + ")"; },
      .python = [](const Block&,
                   const std::vector<std::string>& in) { return "F.relu(" + in[0] + ")"; },
      .onnx = [](const OnnxBlock& b, OnnxSink& sink) { return onnx_single_node(b, sink, "Relu"); },
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"Relu", {}};
      },
      .torchscript_target = "torch.relu",
      .python_target = "F.relu",
  };
}

}  // namespace convstudio::blocks::relu
