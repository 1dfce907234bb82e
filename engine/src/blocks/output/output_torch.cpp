// Output: a Linear layer to the classes, always with a bias (see shared/dense_torch); its value
// is the graph output, the logits.

#include "blocks/shared/dense_torch.h"

namespace convstudio::blocks::output {

BlockTorch torch_half() {
  return {
      .build =
          [](const Block& block, const BlockAnalysis& shapes) {
            return build_dense(shapes, block.int_param("classes"), true);
          },
      .tensors =
          [](const Block& block, const BlockAnalysis& shapes) {
            return dense_tensors(shapes, block.int_param("classes"), true);
          },
      .torchscript =
          [](const Block& block, const std::vector<std::string>& in) {
            return torchscript_dense(block, in, true);
          },
      .python_layer =
          [](const Block& block, const BlockAnalysis& shapes) {
            return python_dense_layer(shapes, block.int_param("classes"), true);
          },
      .python = python_module_call,
      .onnx = [](const OnnxBlock& b, OnnxSink& sink) { return onnx_gemm(b, sink, true); },
      .onnx_target = [](const Block&, const BlockAnalysis&) -> ExportTarget {
        return {"Gemm (transB 1) -> graph output 'logits' [batch, classes]", {}};
      },
      .torchscript_target = "torch.linear (logits)",
      .python_target = "nn.Linear (logits)",
  };
}

}  // namespace convstudio::blocks::output
