// Hardsigmoid: torch::hardsigmoid, F.hardsigmoid and ONNX HardSigmoid with alpha 1/6 and
// beta 0.5 (max(0, min(1, x/6 + 1/2)) = relu6(x + 3) / 6).

#include "blocks/block_torch.h"

namespace convstudio::blocks::hardsigmoid {

BlockTorch torch_half() {
  return {
      .build =
          [](const Block&, const BlockAnalysis&) {
            return function_layer([](const auto& in, bool) { return torch::hardsigmoid(in[0]); });
          },
      .torchscript =
          [](const Block&, const std::vector<std::string>& in) {
            return "torch.hardsigmoid(" + in[0] + ")";
          },
      .python = [](const Block&,
                   const std::vector<std::string>& in) { return "F.hardsigmoid(" + in[0] + ")"; },
      .onnx =
          [](const OnnxBlock& b, OnnxSink& sink) {
            sink.add_node(OnnxNode("HardSigmoid", b.block.id, b.inputs, b.output)
                              .real("alpha", 1.0 / 6.0)
                              .real("beta", 0.5));
            return b.output;
          },
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"HardSigmoid (alpha 1/6, beta 0.5)", {}};
      },
      .torchscript_target = "torch.hardsigmoid",
      .python_target = "F.hardsigmoid",
  };
}

}  // namespace convstudio::blocks::hardsigmoid
