// SiLU: torch::silu, torch.silu, F.silu and ONNX Sigmoid + Mul (opset 13 has no Swish).

#include "blocks/block_torch.h"

namespace convstudio::blocks::silu {

BlockTorch torch_half() {
  return {
      .build =
          [](const Block&, const BlockAnalysis&) {
            return function_layer([](const auto& in, bool) { return torch::silu(in[0]); });
          },
      .torchscript = [](const Block&,
                        const std::vector<std::string>& in) { return "torch.silu(" + in[0] + ")"; },
      .python = [](const Block&,
                   const std::vector<std::string>& in) { return "F.silu(" + in[0] + ")"; },
      .onnx =
          [](const OnnxBlock& b, OnnxSink& sink) {
            const std::string& id = b.block.id;
            sink.add_node(OnnxNode("Sigmoid", id + "/sigmoid", b.inputs, id + "/sigmoid"));
            sink.add_node(OnnxNode("Mul", id, {b.inputs[0], id + "/sigmoid"}, b.output));
            return b.output;
          },
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"Sigmoid, Mul", {}};
      },
      .torchscript_target = "torch.silu",
      .python_target = "F.silu",
  };
}

}  // namespace convstudio::blocks::silu
