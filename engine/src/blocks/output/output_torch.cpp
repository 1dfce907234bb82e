// Output: in dense mode a Linear layer to the classes, always with a bias (see
// shared/dense_torch); in pass-through mode the identity. Its value is the graph output, the
// logits.

#include "blocks/shared/dense_torch.h"
#include "convstudio/model/output_modes.h"

namespace convstudio::blocks::output {
namespace {

TorchLayer build(const Block& block, const BlockAnalysis& shapes) {
  if (is_pass_through_output(block)) {
    return function_layer([](const std::vector<torch::Tensor>& in, bool) { return in[0]; });
  }
  return build_dense(shapes, block.int_param("classes"), true);
}

std::vector<BlockTensor> tensors(const Block& block, const BlockAnalysis& shapes) {
  if (is_pass_through_output(block)) return {};
  return dense_tensors(shapes, block.int_param("classes"), true);
}

std::string torchscript(const Block& block, const std::vector<std::string>& in) {
  if (is_pass_through_output(block)) return in[0];
  return torchscript_dense(block, in, true);
}

// Empty in pass-through mode: no module of its own.
std::string python_layer(const Block& block, const BlockAnalysis& shapes) {
  if (is_pass_through_output(block)) return {};
  return python_dense_layer(shapes, block.int_param("classes"), true);
}

std::string python(const Block& block, const std::vector<std::string>& in) {
  if (is_pass_through_output(block)) return in[0];
  return python_module_call(block, in);
}

// Pass-through still names the graph output 'logits': an Identity from the last block's value.
std::string onnx(const OnnxBlock& b, OnnxSink& sink) {
  if (is_pass_through_output(b.block)) return onnx_single_node(b, sink, "Identity");
  return onnx_gemm(b, sink, true);
}

ExportTarget onnx_target(const Block& block, const BlockAnalysis& shapes) {
  if (!is_pass_through_output(block)) {
    return {"Gemm (transB 1) -> graph output 'logits' [batch, classes]", {}};
  }
  return {shapes.output_shape.is_image()
              ? "Identity -> graph output 'logits' [batch, classes, height, width]"
              : "Identity -> graph output 'logits' [batch, classes]",
          {}};
}

}  // namespace

BlockTorch torch_half() {
  return {
      .build = build,
      .tensors = tensors,
      .torchscript = torchscript,
      .python_layer = python_layer,
      .python = python,
      .onnx = onnx,
      .onnx_target = onnx_target,
      .torchscript_target = "torch.linear (logits), or the incoming value (pass-through)",
      .python_target = "nn.Linear (logits), or the incoming value (pass-through)",
  };
}

}  // namespace convstudio::blocks::output
