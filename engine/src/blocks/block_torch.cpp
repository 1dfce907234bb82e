#include "blocks/block_torch.h"

namespace convstudio::blocks {

TorchLayer function_layer(std::function<torch::Tensor(const std::vector<torch::Tensor>&, bool)> f) {
  return {nullptr, std::move(f)};
}

std::string python_module_call(const Block& block, const std::vector<std::string>& in) {
  return "self." + block.id + "(" + in.at(0) + ")";
}

std::string torchscript_self(const Block& block) {
  return "self." + block.id + ".";
}

std::vector<BlockTensor> weight_and_bias(std::vector<std::int64_t> weight_shape, bool bias) {
  const std::int64_t outputs = weight_shape.at(0);
  std::vector<BlockTensor> tensors{{"weight", false, std::move(weight_shape)}};
  if (bias) tensors.push_back({"bias", false, {outputs}});
  return tensors;
}

std::string onnx_single_node(const OnnxBlock& b, OnnxSink& sink, const std::string& op_type) {
  sink.add_node(OnnxNode(op_type, b.block.id, b.inputs, b.output));
  return b.output;
}

}  // namespace convstudio::blocks
