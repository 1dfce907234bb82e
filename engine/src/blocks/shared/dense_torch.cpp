#include "blocks/shared/dense_torch.h"

namespace convstudio::blocks {

TorchLayer build_dense(const BlockAnalysis& shapes, std::int64_t out_features, bool bias) {
  return module_layer(torch::nn::Linear(
      torch::nn::LinearOptions(shapes.input_shapes.at(0).element_count(), out_features)
          .bias(bias)));
}

std::vector<BlockTensor> dense_tensors(const BlockAnalysis& shapes, std::int64_t out_features,
                                       bool bias) {
  return weight_and_bias({out_features, shapes.input_shapes.at(0).element_count()}, bias);
}

std::string torchscript_dense(const Block& block, const std::vector<std::string>& in, bool bias) {
  const std::string self = torchscript_self(block);
  return "torch.linear(" + in[0] + ", " + self + "weight, " + (bias ? self + "bias" : "None") + ")";
}

std::string python_dense_layer(const BlockAnalysis& shapes, std::int64_t out_features, bool bias) {
  return "nn.Linear(" + std::to_string(shapes.input_shapes.at(0).element_count()) + ", " +
         std::to_string(out_features) + ", bias=" + (bias ? "True" : "False") + ")";
}

std::string onnx_gemm(const OnnxBlock& b, OnnxSink& sink, bool bias) {
  std::vector<std::string> inputs{b.inputs[0], sink.initializer(b.block.id, "weight")};
  if (bias) inputs.push_back(sink.initializer(b.block.id, "bias"));
  sink.add_node(OnnxNode("Gemm", b.block.id, inputs, b.output)
                    .real("alpha", 1.0)
                    .real("beta", 1.0)
                    .integer("transA", 0)
                    .integer("transB", 1));
  return b.output;
}

}  // namespace convstudio::blocks
