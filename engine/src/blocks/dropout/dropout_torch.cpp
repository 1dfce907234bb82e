// Dropout: torch::dropout, torch.dropout, F.dropout while training; nothing in ONNX, which
// holds the inference form (later blocks read the input directly).

#include "blocks/block_torch.h"
#include "blocks/python_literals.h"

namespace convstudio::blocks::dropout {

BlockTorch torch_half() {
  return {
      .build =
          [](const Block& block, const BlockAnalysis&) {
            const double p = block.float_param("p");
            return function_layer(
                [p](const auto& in, bool training) { return torch::dropout(in[0], p, training); });
          },
      .torchscript =
          [](const Block& block, const std::vector<std::string>& in) {
            return "torch.dropout(" + in[0] + ", " + python_float(block.float_param("p")) +
                   ", self.training)";
          },
      .python =
          [](const Block& block, const std::vector<std::string>& in) {
            return "F.dropout(" + in[0] + ", " + python_float(block.float_param("p")) +
                   ", self.training)";
          },
      .onnx = [](const OnnxBlock& b, OnnxSink&) { return b.inputs[0]; },
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"nothing (identity at inference)", {}};
      },
      .torchscript_target = "torch.dropout",
      .python_target = "F.dropout",
  };
}

}  // namespace convstudio::blocks::dropout
