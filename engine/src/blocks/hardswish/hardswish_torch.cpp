// Hardswish: torch::hardswish, F.hardswish; ONNX opset 13 has no HardSwish (it came in 14), so
// it is x · HardSigmoid(x) with alpha 1/6 and beta 0.5, which both OpenCV DNN and onnxruntime run.

#include "blocks/block_torch.h"

namespace convstudio::blocks::hardswish {

BlockTorch torch_half() {
  return {
      .build =
          [](const Block&, const BlockAnalysis&) {
            return function_layer([](const auto& in, bool) { return torch::hardswish(in[0]); });
          },
      .torchscript =
          [](const Block&, const std::vector<std::string>& in) {
            return "torch.hardswish(" + in[0] + ")";
          },
      .python = [](const Block&,
                   const std::vector<std::string>& in) { return "F.hardswish(" + in[0] + ")"; },
      .onnx =
          [](const OnnxBlock& b, OnnxSink& sink) {
            const std::string& id = b.block.id;
            sink.add_node(
                OnnxNode("HardSigmoid", id + "/hardsigmoid", b.inputs, id + "/hardsigmoid")
                    .real("alpha", 1.0 / 6.0)
                    .real("beta", 0.5));
            sink.add_node(OnnxNode("Mul", id, {b.inputs[0], id + "/hardsigmoid"}, b.output));
            return b.output;
          },
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"HardSigmoid (alpha 1/6, beta 0.5), Mul", {}};
      },
      .torchscript_target = "torch.hardswish",
      .python_target = "F.hardswish",
  };
}

}  // namespace convstudio::blocks::hardswish
