#pragma once
// The LibTorch half Linear and Output share: torch::nn::Linear, torch.linear, nn.Linear and
// ONNX Gemm, with or without a bias.

#include <cstdint>

#include "blocks/block_torch.h"

namespace convstudio::blocks {

TorchLayer build_dense(const BlockAnalysis& shapes, std::int64_t out_features, bool bias);
// torch::nn::Linear's weight (out × in, the input flattened) and bias.
std::vector<BlockTensor> dense_tensors(const BlockAnalysis& shapes, std::int64_t out_features,
                                       bool bias);
std::string torchscript_dense(const Block& block, const std::vector<std::string>& in, bool bias);
std::string python_dense_layer(const BlockAnalysis& shapes, std::int64_t out_features, bool bias);
std::string onnx_gemm(const OnnxBlock& b, OnnxSink& sink, bool bias);

}  // namespace convstudio::blocks
