// Concat: torch::cat / torch.cat along dimension 1 and ONNX Concat (axis 1).

#include "blocks/block_torch.h"
#include "blocks/python_literals.h"

namespace convstudio::blocks::concat {

BlockTorch torch_half() {
  return {
      .build =
          [](const Block&, const BlockAnalysis&) {
            return function_layer([](const auto& in, bool) { return torch::cat(in, 1); });
          },
      .torchscript = [](const Block&,
                        const std::vector<std::string>& in) { return python_channel_cat(in); },
      .python = [](const Block&,
                   const std::vector<std::string>& in) { return python_channel_cat(in); },
      .onnx =
          [](const OnnxBlock& b, OnnxSink& sink) {
            sink.add_node(OnnxNode("Concat", b.block.id, b.inputs, b.output).integer("axis", 1));
            return b.output;
          },
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"Concat (axis 1)", {}};
      },
      .torchscript_target = "torch.cat (dim 1)",
      .python_target = "torch.cat (dim 1)",
  };
}

}  // namespace convstudio::blocks::concat
