// Tanh: torch::tanh, torch.tanh and ONNX Tanh.

#include "blocks/block_torch.h"

namespace convstudio::blocks::tanh {

BlockTorch torch_half() {
  return {
      .build =
          [](const Block&, const BlockAnalysis&) {
            return function_layer([](const auto& in, bool) { return torch::tanh(in[0]); });
          },
      .torchscript = [](const Block&,
                        const std::vector<std::string>& in) { return "torch.tanh(" + in[0] + ")"; },
      .python = [](const Block&,
                   const std::vector<std::string>& in) { return "torch.tanh(" + in[0] + ")"; },
      .onnx = [](const OnnxBlock& b, OnnxSink& sink) { return onnx_single_node(b, sink, "Tanh"); },
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"Tanh", {}};
      },
      .torchscript_target = "torch.tanh",
      .python_target = "torch.tanh",
  };
}

}  // namespace convstudio::blocks::tanh
