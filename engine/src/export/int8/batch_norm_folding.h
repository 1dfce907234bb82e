#pragma once
// Folds each BatchNormalization that directly follows a Conv (and is that Conv's only reader)
// into the Conv's weights and bias, as onnxruntime's and PyTorch's quantization preparation
// do: with int8 weights behind a DequantizeLinear, onnxruntime can no longer fuse the two at
// load time, and a float BatchNormalization between Conv and QuantizeLinear would keep the
// Conv out of its int8 kernel. Internal to the ONNX object library.

#include <string>
#include <utility>
#include <vector>

#include <onnx/onnx_pb.h>

#include "export/int8/onnx_initializers.h"

namespace convstudio {

// Returns (BatchNormalization node name, Conv node name) for every fold made.
std::vector<std::pair<std::string, std::string>> fold_batch_norms(onnx::GraphProto& graph,
                                                                  OnnxInitializers& initializers);

}  // namespace convstudio
