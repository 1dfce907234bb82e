// Upsample in LibTorch and TorchScript (aten upsample_nearest2d / upsample_bilinear2d, the
// kernels F.interpolate calls), PyTorch (F.interpolate) and ONNX (Resize: nearest with
// asymmetric coordinates and floor, as PyTorch's legacy "nearest"; linear with half_pixel or
// align_corners coordinates). By scale, PyTorch maps pixels with the scale factor and ONNX is
// given the same factor; by size both map with input / output size. The batch size is not
// fixed, so ONNX gets the size as Shape(x)[0:2] followed by height and width.

#include "blocks/block_torch.h"
#include "blocks/python_literals.h"
#include "blocks/upsample/resize_target.h"

namespace convstudio::blocks::upsample {
namespace {

ResizeTarget target_of(const Block& block, const BlockAnalysis& shapes) {
  return resize_target(block, shapes.input_shapes.at(0));
}

// What F.interpolate runs: by scale, the output size floor(H·s) with the factor itself for the
// pixel mapping; by size, the size alone (the mapping then uses input / output).
torch::Tensor resize(const torch::Tensor& x, const ResizeTarget& t) {
  const std::vector<std::int64_t> size =
      t.by_size ? std::vector<std::int64_t>{t.height, t.width}
                : std::vector<std::int64_t>{x.size(2) * t.scale, x.size(3) * t.scale};
  const std::optional<double> scale =
      t.by_size ? std::nullopt : std::optional<double>(static_cast<double>(t.scale));
  if (t.bilinear) return torch::upsample_bilinear2d(x, size, t.align_corners, scale, scale);
  return torch::upsample_nearest2d(x, size, scale, scale);
}

TorchLayer build(const Block& block, const BlockAnalysis& shapes) {
  const ResizeTarget t = target_of(block, shapes);
  return function_layer(
      [t](const std::vector<torch::Tensor>& in, bool) { return resize(in[0], t); });
}

// The block's own parameters are enough here: TorchScript gets no shapes, and by scale the
// output size follows from the input at run time.
std::string torchscript(const Block& block, const std::vector<std::string>& in) {
  const ResizeTarget t = resize_target(block, TensorShape::image(1, 1, 1));
  const std::string size = t.by_size ? python_ints({t.height, t.width}) : "None";
  const std::string scales = t.by_size ? "None"
                                       : "[" + python_float(static_cast<double>(t.scale)) + ", " +
                                             python_float(static_cast<double>(t.scale)) + "]";
  if (t.bilinear) {
    return "torch.upsample_bilinear2d(" + in[0] + ", " + size + ", " +
           python_bool(t.align_corners) + ", " + scales + ")";
  }
  return "torch.upsample_nearest2d(" + in[0] + ", " + size + ", " + scales + ")";
}

std::string python(const Block& block, const std::vector<std::string>& in) {
  const ResizeTarget t = resize_target(block, TensorShape::image(1, 1, 1));
  std::string call =
      "F.interpolate(" + in[0] +
      (t.by_size ? ", size=(" + std::to_string(t.height) + ", " + std::to_string(t.width) + ")"
                 : ", scale_factor=" + std::to_string(t.scale));
  if (t.bilinear)
    return call + ", mode=\"bilinear\", align_corners=" + python_bool(t.align_corners) + ")";
  return call + ", mode=\"nearest\")";
}

std::string onnx(const OnnxBlock& b, OnnxSink& sink) {
  const std::string& id = b.block.id;
  const ResizeTarget t = target_of(b.block, b.shapes);
  std::vector<std::string> inputs{b.inputs[0], ""};
  if (t.by_size) {
    sink.add_node(OnnxNode("Shape", id + "/shape", {b.inputs[0]}, id + "/shape"));
    sink.add_node(OnnxNode(
        "Slice", id + "/batch_channels",
        {id + "/shape", sink.int64s(id + ".slice_start", {0}), sink.int64s(id + ".slice_end", {2})},
        id + "/batch_channels"));
    sink.add_node(OnnxNode("Concat", id + "/sizes",
                           {id + "/batch_channels", sink.int64s(id + ".size", {t.height, t.width})},
                           id + "/sizes")
                      .integer("axis", 0));
    inputs.push_back("");
    inputs.push_back(id + "/sizes");
  } else {
    const auto s = static_cast<float>(t.scale);
    inputs.push_back(sink.floats(id + ".scales", {1.0f, 1.0f, s, s}));
  }
  OnnxNode node("Resize", id, inputs, b.output);
  if (t.bilinear) {
    node.text("mode", "linear")
        .text("coordinate_transformation_mode", t.align_corners ? "align_corners" : "half_pixel");
  } else {
    node.text("mode", "nearest")
        .text("coordinate_transformation_mode", "asymmetric")
        .text("nearest_mode", "floor");
  }
  sink.add_node(node);
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
        const ResizeTarget t = target_of(block, shapes);
        std::string target = t.bilinear ? (t.align_corners ? "Resize (linear, align_corners"
                                                           : "Resize (linear, half_pixel")
                                        : "Resize (nearest, asymmetric, floor";
        return {target + (t.by_size ? ", sizes from Shape + Concat)" : ", scales)"), {}};
      },
      .torchscript_target = "torch.upsample_nearest2d / torch.upsample_bilinear2d",
      .python_target = "F.interpolate",
  };
}

}  // namespace convstudio::blocks::upsample
