// GroupNorm: torch::nn::GroupNorm, torch.group_norm, nn.GroupNorm. ONNX has GroupNormalization
// only from opset 18 (we write 13), so it is spelled as PyTorch's own exporter did before that:
// Reshape to N×G×(C/G·H)×W, InstanceNormalization (scale 1, bias 0), Reshape back, then the
// per-channel weight (Mul) and bias (Add). OpenCV DNN 4.6 and onnxruntime both run it.

#include "blocks/block_torch.h"
#include "blocks/python_literals.h"

namespace convstudio::blocks::group_norm {
namespace {

std::int64_t groups(const Block& block) {
  return block.int_param("num_groups");
}

TorchLayer build(const Block& block, const BlockAnalysis& shapes) {
  return module_layer(torch::nn::GroupNorm(
      torch::nn::GroupNormOptions(groups(block), shapes.input_shapes.at(0).channels())
          .eps(block.float_param("eps"))));
}

std::string torchscript(const Block& block, const std::vector<std::string>& in) {
  const std::string self = torchscript_self(block);
  return "torch.group_norm(" + in[0] + ", " + std::to_string(groups(block)) + ", " + self +
         "weight, " + self + "bias, " + python_float(block.float_param("eps")) + ", False)";
}

std::string python_layer(const Block& block, const BlockAnalysis& shapes) {
  return "nn.GroupNorm(" + std::to_string(groups(block)) + ", " +
         std::to_string(shapes.input_shapes.at(0).channels()) +
         ", eps=" + python_float(block.float_param("eps")) + ")";
}

std::string onnx(const OnnxBlock& b, OnnxSink& sink) {
  const std::string& id = b.block.id;
  const TensorShape& x = b.shapes.input_shapes.at(0);
  const std::int64_t g = groups(b.block), c = x.channels(), h = x.height(), w = x.width();
  // Each group's channels are consecutive rows of one N×G×(C/G·H)×W image, so instance
  // normalisation over its last two axes is group normalisation (0 keeps the batch size).
  sink.add_node(OnnxNode("Reshape", id + "/group",
                         {b.inputs[0], sink.int64s(id + ".grouped_shape", {0, g, c / g * h, w})},
                         id + "/group"));
  sink.add_node(OnnxNode("InstanceNormalization", id + "/normalize",
                         {id + "/group", sink.floats(id + ".group_scale", std::vector<float>(g, 1)),
                          sink.floats(id + ".group_bias", std::vector<float>(g, 0))},
                         id + "/normalize")
                    .real("epsilon", b.block.float_param("eps")));
  sink.add_node(OnnxNode("Reshape", id + "/ungroup",
                         {id + "/normalize", sink.int64s(id + ".shape", {0, c, h, w})},
                         id + "/ungroup"));
  sink.add_node(OnnxNode("Mul", id + "/scale",
                         {id + "/ungroup", sink.reshaped_initializer(id, "weight", {c, 1, 1})},
                         id + "/scale"));
  sink.add_node(OnnxNode(
      "Add", id, {id + "/scale", sink.reshaped_initializer(id, "bias", {c, 1, 1})}, b.output));
  return b.output;
}

}  // namespace

BlockTorch torch_half() {
  return {
      .build = build,
      .tensors =
          [](const Block&, const BlockAnalysis& shapes) {
            return weight_and_bias({shapes.input_shapes.at(0).channels()}, true);
          },
      .torchscript = torchscript,
      .python_layer = python_layer,
      .python = python_module_call,
      .onnx = onnx,
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {
            "Reshape, InstanceNormalization, Reshape, Mul, Add (GroupNormalization needs "
            "opset 18)",
            {}};
      },
      .torchscript_target = "torch.group_norm",
      .python_target = "nn.GroupNorm",
  };
}

}  // namespace convstudio::blocks::group_norm
