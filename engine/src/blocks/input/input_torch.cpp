// Input: the graph input itself in every backend.

#include "blocks/block_torch.h"

namespace convstudio::blocks::input {

BlockTorch torch_half() {
  return {
      .build =
          [](const Block&, const BlockAnalysis&) {
            return function_layer([](const auto& in, bool) { return in[0]; });
          },
      .torchscript = [](const Block&, const std::vector<std::string>&) -> std::string {
        return "x";
      },
      .python = [](const Block&, const std::vector<std::string>&) -> std::string { return "x"; },
      // The builder names the source block's value after the graph input; nothing to add.
      .onnx = [](const OnnxBlock& b, OnnxSink&) { return b.output; },
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"graph input 'input' [batch, C, H, W] float32", {}};
      },
      .torchscript_target = "forward(x)",
      .python_target = "forward(x)",
  };
}

}  // namespace convstudio::blocks::input
