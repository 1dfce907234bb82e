// MaxPool2d: torch::nn::MaxPool2d, torch.max_pool2d, F.max_pool2d and ONNX MaxPool.

#include "blocks/block_torch.h"
#include "blocks/shared/pool_window.h"
#include "export/python_literals.h"

namespace convstudio::blocks::max_pool2d {
namespace {

TorchLayer build(const Block& block, const BlockAnalysis&) {
  const PoolWindow window = pool_window(block);
  return module_layer(torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions(window.kernel)
                                               .stride(window.stride)
                                               .padding(window.padding)
                                               .ceil_mode(window.ceil_mode)));
}

std::string torchscript(const Block& block, const std::vector<std::string>& in) {
  const PoolWindow window = pool_window(block);
  return "torch.max_pool2d(" + in[0] + ", " + python_ints(square(window.kernel)) + ", " +
         python_ints(square(window.stride)) + ", " + python_ints(square(window.padding)) +
         ", [1, 1], " + python_bool(window.ceil_mode) + ")";
}

std::string python(const Block& block, const std::vector<std::string>& in) {
  const PoolWindow window = pool_window(block);
  return "F.max_pool2d(" + in[0] + ", " + std::to_string(window.kernel) + ", " +
         std::to_string(window.stride) + ", " + std::to_string(window.padding) +
         ", ceil_mode=" + python_bool(window.ceil_mode) + ")";
}

std::string onnx(const OnnxBlock& b, OnnxSink& sink) {
  const PoolWindow window = pool_window(b.block);
  sink.add_node(OnnxNode("MaxPool", b.block.id, b.inputs, b.output)
                    .ints("kernel_shape", square(window.kernel))
                    .ints("strides", square(window.stride))
                    .ints("pads", std::vector<std::int64_t>(4, window.padding))
                    .integer("ceil_mode", window.ceil_mode ? 1 : 0)
                    .ints("dilations", {1, 1})
                    .integer("storage_order", 0));
  return b.output;
}

}  // namespace

BlockTorch torch_half() {
  return {
      .build = build,
      .torchscript = torchscript,
      .python = python,
      .onnx = onnx,
      .onnx_target = [](const Block& block, const BlockAnalysis&) -> ExportTarget {
        return {pool_window(block).ceil_mode ? "MaxPool (kernel_shape, strides, pads, ceil_mode 1)"
                                             : "MaxPool (kernel_shape, strides, pads, ceil_mode 0)",
                {}};
      },
      .torchscript_target = "torch.max_pool2d",
      .python_target = "F.max_pool2d",
  };
}

}  // namespace convstudio::blocks::max_pool2d
