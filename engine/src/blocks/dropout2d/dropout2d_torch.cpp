// Dropout2d: torch::feature_dropout, torch.feature_dropout, F.dropout2d while training; nothing
// in ONNX, which holds the inference form (later blocks read the input directly).

#include "blocks/block_torch.h"
#include "blocks/python_literals.h"

namespace convstudio::blocks::dropout2d {

BlockTorch torch_half() {
  return {
      .build =
          [](const Block& block, const BlockAnalysis&) {
            const double p = block.float_param("p");
            return function_layer([p](const auto& in, bool training) {
              return torch::feature_dropout(in[0], p, training);
            });
          },
      .torchscript =
          [](const Block& block, const std::vector<std::string>& in) {
            return "torch.feature_dropout(" + in[0] + ", " + python_float(block.float_param("p")) +
                   ", self.training)";
          },
      .python =
          [](const Block& block, const std::vector<std::string>& in) {
            return "F.dropout2d(" + in[0] + ", " + python_float(block.float_param("p")) +
                   ", self.training)";
          },
      .onnx = [](const OnnxBlock& b, OnnxSink&) { return b.inputs[0]; },
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"nothing (identity at inference)", {}};
      },
      .torchscript_target = "torch.feature_dropout",
      .python_target = "F.dropout2d",
  };
}

}  // namespace convstudio::blocks::dropout2d
