// AvgPool2d: torch::nn::AvgPool2d, torch.avg_pool2d, F.avg_pool2d and ONNX AveragePool (after a
// zero Pad when padded, so every runtime counts the padding as PyTorch does).

#include "blocks/block_torch.h"
#include "blocks/python_literals.h"
#include "blocks/shared/pool_window.h"

namespace convstudio::blocks::avg_pool2d {
namespace {

TorchLayer build(const Block& block, const BlockAnalysis&) {
  const PoolWindow window = pool_window(block);
  return module_layer(torch::nn::AvgPool2d(torch::nn::AvgPool2dOptions(window.kernel)
                                               .stride(window.stride)
                                               .padding(window.padding)
                                               .ceil_mode(window.ceil_mode)));
}

std::string torchscript(const Block& block, const std::vector<std::string>& in) {
  const PoolWindow window = pool_window(block);
  return "torch.avg_pool2d(" + in[0] + ", " + python_ints(square(window.kernel)) + ", " +
         python_ints(square(window.stride)) + ", " + python_ints(square(window.padding)) + ", " +
         python_bool(window.ceil_mode) + ", True, None)";
}

std::string python(const Block& block, const std::vector<std::string>& in) {
  const PoolWindow window = pool_window(block);
  return "F.avg_pool2d(" + in[0] + ", " + std::to_string(window.kernel) + ", " +
         std::to_string(window.stride) + ", " + std::to_string(window.padding) +
         ", ceil_mode=" + python_bool(window.ceil_mode) + ", count_include_pad=True)";
}

std::string onnx(const OnnxBlock& b, OnnxSink& sink) {
  const std::string& id = b.block.id;
  const PoolWindow window = pool_window(b.block);
  const std::int64_t padding = window.padding;
  std::vector<std::string> inputs = b.inputs;
  std::vector<std::int64_t> pool_pads(4, padding);
  if (padding > 0) {
    // PyTorch averages padded zeros in (count_include_pad). OpenCV 4.6 ignores that attribute,
    // so the zeros are made explicit by a Pad node, which every runtime reads the same way.
    sink.add_node(OnnxNode("Pad", id + "/pad",
                           {b.inputs[0], sink.int64s(id + ".pads", {0, 0, padding, padding, 0, 0,
                                                                    padding, padding})},
                           id + "/pad")
                      .text("mode", "constant"));
    inputs = {id + "/pad"};
    pool_pads.assign(4, 0);
  }
  sink.add_node(OnnxNode("AveragePool", id, inputs, b.output)
                    .ints("kernel_shape", square(window.kernel))
                    .ints("strides", square(window.stride))
                    .ints("pads", pool_pads)
                    .integer("ceil_mode", window.ceil_mode ? 1 : 0)
                    .integer("count_include_pad", 1));
  return b.output;
}

}  // namespace

BlockTorch torch_half() {
  return {
      .build = build,
      .torchscript = torchscript,
      .python = python,
      .onnx = onnx,
      .onnx_target = [](const Block& block, const BlockAnalysis& shapes) -> ExportTarget {
        PoolWindow window = pool_window(block);
        if (window.ceil_mode && !shapes.input_shapes.empty()) {
          // Runtimes disagree on the divisor of a window that hangs past the edge.
          const TensorShape& x = shapes.input_shapes.front();
          PoolWindow floor = window;
          floor.ceil_mode = false;
          if (pooled_size(x.height(), window) != pooled_size(x.height(), floor) ||
              pooled_size(x.width(), window) != pooled_size(x.width(), floor)) {
            return {"AveragePool (ceil_mode 1)",
                    "AvgPool2d: ceil mode adds a partial last window here, which ONNX runtimes "
                    "average differently from PyTorch (turn ceil mode off or change the padding)"};
          }
        }
        return {window.padding > 0
                    ? "Pad (zeros) + AveragePool (kernel_shape, strides, count_include_pad 1, "
                      "ceil_mode 0)"
                    : "AveragePool (kernel_shape, strides, pads, count_include_pad 1, ceil_mode 0)",
                {}};
      },
      .torchscript_target = "torch.avg_pool2d",
      .python_target = "F.avg_pool2d",
  };
}

}  // namespace convstudio::blocks::avg_pool2d
