// Linear: torch::nn::Linear, torch.linear, nn.Linear and ONNX Gemm (see shared/dense_torch).

#include "blocks/shared/dense_torch.h"

namespace convstudio::blocks::linear {
namespace {

bool has_bias(const Block& block) {
  return block.bool_param("bias");
}

}  // namespace

BlockTorch torch_half() {
  return {
      .build =
          [](const Block& block, const BlockAnalysis& shapes) {
            return build_dense(shapes, block.int_param("out_features"), has_bias(block));
          },
      .tensors =
          [](const Block& block, const BlockAnalysis& shapes) {
            return dense_tensors(shapes, block.int_param("out_features"), has_bias(block));
          },
      .torchscript =
          [](const Block& block, const std::vector<std::string>& in) {
            return torchscript_dense(block, in, has_bias(block));
          },
      .python_layer =
          [](const Block& block, const BlockAnalysis& shapes) {
            return python_dense_layer(shapes, block.int_param("out_features"), has_bias(block));
          },
      .python = python_module_call,
      .onnx = [](const OnnxBlock& b,
                 OnnxSink& sink) { return onnx_gemm(b, sink, has_bias(b.block)); },
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"Gemm (transB 1)", {}};
      },
      .torchscript_target = "torch.linear",
      .python_target = "nn.Linear",
  };
}

}  // namespace convstudio::blocks::linear
