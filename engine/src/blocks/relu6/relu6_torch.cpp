// ReLU6: torch::hardtanh(x, 0, 6) (what F.relu6 computes) in LibTorch and TorchScript, F.relu6 in
// PyTorch code, and in ONNX relu(x) - relu(x - 6) (see onnx() for why not Clip).

#include "blocks/block_torch.h"

namespace convstudio::blocks::relu6 {
namespace {

// relu(x) - relu(x - 6). Opset 13's Clip takes its bounds as inputs, which OpenCV DNN 4.6 (the
// studio's ONNX runtime, and Debian 12's) refuses; this form runs everywhere. It is exact up to
// x = 12 (x - 6 is exact there) and within half a unit in the last place of x beyond.
std::string onnx(const OnnxBlock& b, OnnxSink& sink) {
  const std::string& id = b.block.id;
  const std::string& x = b.inputs[0];
  sink.add_node(OnnxNode("Relu", id + "/relu", {x}, id + "/relu"));
  sink.add_node(OnnxNode("Sub", id + "/shift", {x, sink.scalar(id + ".six", 6.0f)}, id + "/shift"));
  sink.add_node(OnnxNode("Relu", id + "/excess", {id + "/shift"}, id + "/excess"));
  sink.add_node(OnnxNode("Sub", id, {id + "/relu", id + "/excess"}, b.output));
  return b.output;
}

}  // namespace

BlockTorch torch_half() {
  return {
      .build =
          [](const Block&, const BlockAnalysis&) {
            return function_layer(
                [](const auto& in, bool) { return torch::hardtanh(in[0], 0.0, 6.0); });
          },
      .torchscript =
          [](const Block&, const std::vector<std::string>& in) {
            return "torch.hardtanh(" + in[0] + ", 0.0, 6.0)";
          },
      .python = [](const Block&,
                   const std::vector<std::string>& in) { return "F.relu6(" + in[0] + ")"; },
      .onnx = onnx,
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"Relu, Sub, Relu, Sub (relu(x) - relu(x - 6); OpenCV DNN 4.6 cannot read Clip-13)",
                {}};
      },
      .torchscript_target = "torch.hardtanh (0, 6)",
      .python_target = "F.relu6",
  };
}

}  // namespace convstudio::blocks::relu6
