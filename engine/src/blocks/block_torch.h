#pragma once
// The LibTorch half of a block type: the layer GraphModule runs, the TorchScript and PyTorch code
// and the ONNX nodes it exports to, and what each export format makes of it (or why it cannot).
// Each type defines one in engine/src/blocks/<home>/<home>_torch.cpp, registered with its model
// half by block_types.def. Internal to convstudio_engine.

#include <torch/torch.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "blocks/onnx_sink.h"
#include "convstudio/model/block.h"
#include "convstudio/model/block_analysis.h"

namespace convstudio::blocks {

// What a block is inside GraphModule.
struct TorchLayer {
  // The torch::nn module holding the block's tensors, registered under the block id (so its
  // tensors are named "<block id>.weight"); null for blocks that are plain functions.
  std::shared_ptr<torch::nn::Module> module;
  // The block's output from its inputs (by port; the source block gets the graph input).
  std::function<torch::Tensor(const std::vector<torch::Tensor>& inputs, bool training)> forward;
};

// A tensor the block owns, in the order torch::nn registers it.
struct BlockTensor {
  std::string name;     // "weight", "running_mean"
  bool buffer = false;  // a buffer (running statistics), not a trained parameter
  // Its shape for the block's inferred input shapes, as torch::nn creates it: what a weights
  // file must hold, known before the module is built ({} for a 0-dim counter).
  std::vector<std::int64_t> shape;
};

// What a block becomes in an export format, or why it cannot be exported (`refusal`, which
// then names the problem for the user; empty when the block exports).
struct ExportTarget {
  std::string target;
  std::string refusal;
};

struct BlockTorch {
  TorchLayer (*build)(const Block& block, const BlockAnalysis& shapes) = nullptr;
  // The tensors the block owns, with their shapes for `shapes`; nullptr when it owns none.
  std::vector<BlockTensor> (*tensors)(const Block& block, const BlockAnalysis& shapes) = nullptr;

  // TorchScript: the expression computing the block from its input values ("v_conv1"); the
  // block's tensors are self.<id>.<name>. The source block gets no inputs and reads x.
  std::string (*torchscript)(const Block& block, const std::vector<std::string>& in) = nullptr;
  // Generated PyTorch: the nn.Module constructor for blocks owning tensors (nullptr when none)
  // and the forward expression.
  std::string (*python_layer)(const Block& block, const BlockAnalysis& shapes) = nullptr;
  std::string (*python)(const Block& block, const std::vector<std::string>& in) = nullptr;
  // ONNX: adds the block's nodes and returns the value carrying its output (usually
  // block.output; an identity at inference returns its input instead).
  std::string (*onnx)(const OnnxBlock& block, OnnxSink& sink) = nullptr;

  // The compatibility report's lines ("Conv (kernel_shape, ...)", "torch.conv2d", "nn.Conv2d").
  ExportTarget (*onnx_target)(const Block& block, const BlockAnalysis& shapes) = nullptr;
  std::string torchscript_target;
  std::string python_target;
};

// The LibTorch half of `type`; throws std::invalid_argument naming an unknown type.
const BlockTorch& block_torch(const std::string& type);

// Helpers the homes share.
TorchLayer function_layer(std::function<torch::Tensor(const std::vector<torch::Tensor>&, bool)> f);
// A torch::nn module holder (torch::nn::Conv2d, ...) run on the block's single input.
template <typename Holder>
TorchLayer module_layer(Holder holder) {
  return {holder.ptr(), [holder](const std::vector<torch::Tensor>& in, bool) mutable {
            return holder->forward(in[0]);
          }};
}
// "self.<id>(<input>)": calling the block's own nn.Module in generated PyTorch.
std::string python_module_call(const Block& block, const std::vector<std::string>& in);
// "self.<id>.": the prefix of the block's tensors in TorchScript.
std::string torchscript_self(const Block& block);
// "weight" of `weight_shape` and, when `bias`, "bias" (one per output: weight_shape[0]): the
// parameters of convolutions, dense layers and the affine part of normalisations.
std::vector<BlockTensor> weight_and_bias(std::vector<std::int64_t> weight_shape, bool bias);
// One ONNX node named after the block, from its inputs to its output; returns the output.
std::string onnx_single_node(const OnnxBlock& b, OnnxSink& sink, const std::string& op_type);
// {v, v}: a square window's size, stride or dilation.
inline std::vector<std::int64_t> square(std::int64_t v) {
  return {v, v};
}

}  // namespace convstudio::blocks
