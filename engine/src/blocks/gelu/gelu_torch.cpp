// GELU (exact, erf form): torch::gelu, torch.gelu, F.gelu; ONNX opset 13 has no Gelu, so it is
// spelled out with Div, Erf, Add and Mul.

#include "blocks/block_torch.h"

namespace convstudio::blocks::gelu {
namespace {

// 0.5 * x * (1 + erf(x / sqrt(2))), exactly as torch.gelu.
std::string onnx(const OnnxBlock& b, OnnxSink& sink) {
  const std::string& id = b.block.id;
  const std::string& x = b.inputs[0];
  sink.add_node(OnnxNode("Div", id + "/div",
                         {x, sink.scalar(id + ".sqrt2", 1.41421356237309504880f)}, id + "/div"));
  sink.add_node(OnnxNode("Erf", id + "/erf", {id + "/div"}, id + "/erf"));
  sink.add_node(
      OnnxNode("Add", id + "/add", {id + "/erf", sink.scalar(id + ".one", 1.0f)}, id + "/add"));
  sink.add_node(OnnxNode("Mul", id + "/mul", {x, id + "/add"}, id + "/mul"));
  sink.add_node(OnnxNode("Mul", id, {id + "/mul", sink.scalar(id + ".half", 0.5f)}, b.output));
  return b.output;
}

}  // namespace

BlockTorch torch_half() {
  return {
      .build =
          [](const Block&, const BlockAnalysis&) {
            return function_layer([](const auto& in, bool) { return torch::gelu(in[0]); });
          },
      .torchscript = [](const Block&,
                        const std::vector<std::string>& in) { return "torch.gelu(" + in[0] + ")"; },
      .python = [](const Block&,
                   const std::vector<std::string>& in) { return "F.gelu(" + in[0] + ")"; },
      .onnx = onnx,
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"Div, Erf, Add, Mul, Mul (exact GELU)", {}};
      },
      .torchscript_target = "torch.gelu",
      .python_target = "F.gelu",
  };
}

}  // namespace convstudio::blocks::gelu
