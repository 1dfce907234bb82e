// Sigmoid: torch::sigmoid, torch.sigmoid and ONNX Sigmoid.

#include "blocks/block_torch.h"

namespace convstudio::blocks::sigmoid {

BlockTorch torch_half() {
  return {
      .build =
          [](const Block&, const BlockAnalysis&) {
            return function_layer([](const auto& in, bool) { return torch::sigmoid(in[0]); });
          },
      .torchscript =
          [](const Block&, const std::vector<std::string>& in) {
            return "torch.sigmoid(" + in[0] + ")";
          },
      .python = [](const Block&,
                   const std::vector<std::string>& in) { return "torch.sigmoid(" + in[0] + ")"; },
      .onnx = [](const OnnxBlock& b,
                 OnnxSink& sink) { return onnx_single_node(b, sink, "Sigmoid"); },
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"Sigmoid", {}};
      },
      .torchscript_target = "torch.sigmoid",
      .python_target = "torch.sigmoid",
  };
}

}  // namespace convstudio::blocks::sigmoid
