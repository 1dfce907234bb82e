// Add: a + b (+ ...) in LibTorch, TorchScript and PyTorch; a chain of ONNX Add nodes.

#include "blocks/block_torch.h"
#include "blocks/python_literals.h"

namespace convstudio::blocks::add {
namespace {

std::string onnx(const OnnxBlock& b, OnnxSink& sink) {
  const std::vector<std::string>& in = b.inputs;
  std::string sum = in[0];
  for (std::size_t i = 1; i < in.size(); ++i) {
    const bool last = i + 1 == in.size();
    const std::string step = last ? b.output : b.block.id + "/sum" + std::to_string(i);
    sink.add_node(OnnxNode("Add", last ? b.block.id : step, {sum, in[i]}, step));
    sum = step;
  }
  return b.output;
}

}  // namespace

BlockTorch torch_half() {
  return {
      .build =
          [](const Block&, const BlockAnalysis&) {
            return function_layer([](const auto& in, bool) {
              torch::Tensor sum = in[0] + in[1];
              for (std::size_t port = 2; port < in.size(); ++port) sum = sum + in[port];
              return sum;
            });
          },
      .torchscript = [](const Block&,
                        const std::vector<std::string>& in) { return python_sum(in); },
      .python = [](const Block&, const std::vector<std::string>& in) { return python_sum(in); },
      .onnx = onnx,
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"Add (chained)", {}};
      },
      .torchscript_target = "+",
      .python_target = "+",
  };
}

}  // namespace convstudio::blocks::add
