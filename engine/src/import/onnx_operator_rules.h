#pragma once
// The operator rules, in two files: onnx_weight_rules.cpp (operators with weights: Conv,
// BatchNormalization, Gemm, MatMul and the Add that is its bias) and onnx_operator_rules.cpp
// (activations, pooling, structure, and the table find_operator_rule reads). Internal.

#include "import/onnx_mapping_context.h"

namespace convstudio::onnx_import {

bool map_conv(const OnnxNodeView& node, MappingContext& context);
bool map_conv_transpose(const OnnxNodeView& node, MappingContext& context);
bool map_batch_norm(const OnnxNodeView& node, MappingContext& context);
bool map_gemm(const OnnxNodeView& node, MappingContext& context);
bool map_matmul(const OnnxNodeView& node, MappingContext& context);
bool map_add(const OnnxNodeView& node, MappingContext& context);

// The block carrying the node's input `port`; refuses the node (and returns "") when the input
// is a constant or missing.
std::string data_input(const OnnxNodeView& node, std::size_t port, MappingContext& context);
// The constant at input `port`; refuses the node (and returns nullptr) when it is computed.
const torch::Tensor* constant_input(const OnnxNodeView& node, std::size_t port,
                                    MappingContext& context, const std::string& what);
// "[1, 2, 3]" for messages.
std::string list_text(const std::vector<std::int64_t>& values);

}  // namespace convstudio::onnx_import
