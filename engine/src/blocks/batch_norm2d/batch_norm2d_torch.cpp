// BatchNorm2d in LibTorch (torch::nn::BatchNorm2d), TorchScript (torch.batch_norm with the
// running statistics), PyTorch (nn.BatchNorm2d) and ONNX (BatchNormalization).

#include "blocks/block_torch.h"
#include "blocks/python_literals.h"

namespace convstudio::blocks::batch_norm2d {
namespace {

TorchLayer build(const Block& block, const BlockAnalysis& shapes) {
  return module_layer(
      torch::nn::BatchNorm2d(torch::nn::BatchNorm2dOptions(shapes.input_shapes.at(0).channels())
                                 .eps(block.float_param("eps"))
                                 .momentum(block.float_param("momentum"))));
}

std::vector<BlockTensor> tensors(const Block&, const BlockAnalysis& shapes) {
  const std::int64_t channels = shapes.input_shapes.at(0).channels();
  return {{"weight", false, {channels}},
          {"bias", false, {channels}},
          {"running_mean", true, {channels}},
          {"running_var", true, {channels}},
          {"num_batches_tracked", true, {}}};
}

std::string torchscript(const Block& block, const std::vector<std::string>& in) {
  const std::string self = torchscript_self(block);
  return "torch.batch_norm(" + in[0] + ", " + self + "weight, " + self + "bias, " + self +
         "running_mean, " + self + "running_var, False, " +
         python_float(block.float_param("momentum")) + ", " +
         python_float(block.float_param("eps")) + ", False)";
}

std::string python_layer(const Block& block, const BlockAnalysis& shapes) {
  return "nn.BatchNorm2d(" + std::to_string(shapes.input_shapes.at(0).channels()) +
         ", eps=" + python_float(block.float_param("eps")) +
         ", momentum=" + python_float(block.float_param("momentum")) + ")";
}

std::string onnx(const OnnxBlock& b, OnnxSink& sink) {
  const std::string& id = b.block.id;
  sink.add_node(
      OnnxNode("BatchNormalization", id,
               {b.inputs[0], sink.initializer(id, "weight"), sink.initializer(id, "bias"),
                sink.initializer(id, "running_mean"), sink.initializer(id, "running_var")},
               b.output)
          .real("epsilon", b.block.float_param("eps"))
          // ONNX's momentum weighs the old statistics, PyTorch's the new batch.
          .real("momentum", 1.0 - b.block.float_param("momentum")));
  return b.output;
}

}  // namespace

BlockTorch torch_half() {
  return {
      .build = build,
      .tensors = tensors,
      .torchscript = torchscript,
      .python_layer = python_layer,
      .python = python_module_call,
      .onnx = onnx,
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"BatchNormalization (inference: running mean/var)", {}};
      },
      .torchscript_target = "torch.batch_norm (running stats in eval)",
      .python_target = "nn.BatchNorm2d",
  };
}

}  // namespace convstudio::blocks::batch_norm2d
