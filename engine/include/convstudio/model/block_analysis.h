#pragma once
// What shape inference learns about one block and about the whole model.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/tensor_shape.h"

namespace convstudio {

// One block's inferred shapes and costs, per sample (batch excluded).
// `params` equals the parameter count of the PyTorch module the builder creates.
struct BlockAnalysis {
  std::string id;
  std::string type;
  std::vector<TensorShape> input_shapes;  // by input port
  TensorShape output_shape;
  std::int64_t params = 0;
  // Multiply-accumulates of Conv2d, Linear and Output; element-wise blocks, pooling and
  // normalisation count 0 (their cost is memory traffic, not MACs).
  std::int64_t macs = 0;
  std::int64_t output_elements = 0;
  std::int64_t activation_bytes = 0;  // output elements × 4 (fp32)
  // What autograd keeps for the backward pass, per sample (see MemoryEstimator for the model):
  bool saves_input = false;               // conv, linear, batch norm, most activations, pools
  bool saves_output = false;              // ReLU, Sigmoid, Tanh, Output (through the loss)
  std::int64_t saved_extra_elements = 0;  // dropout noise masks, at the activation precision
  std::int64_t saved_index_bytes = 0;     // max-pool int64 indices
  // True when this block's output stays alive until backward: the block saves its output or
  // a consumer saves its input. Counted once however many consumers keep it.
  bool output_saved_for_backward = false;
  // Block::recompute: the block keeps only its inputs for backward (so its producers' outputs
  // are kept), nothing of its own; backward recomputes it, holding its saved tensors briefly.
  bool recompute = false;
  // The segment the block is recomputed in ("group:NAME" for a recompute group, "block:ID" for a
  // block recomputed alone; empty when not recomputed). Blocks of one segment are recomputed
  // together: only the segment's inputs are kept (recompute_segments.h).
  std::string recompute_segment;

  bool operator==(const BlockAnalysis&) const = default;
};

// The whole model: blocks in topological order (only those whose shape could be inferred) and
// every problem found. Blocks downstream of a problem are left out silently.
// What the memory format's Auto reads of a model (memory_format_rule): whether it convolves at
// all (a block with MACs from an image to an image), and whether at least half of that work is in
// convolutions with 16 or more input and output channels, a full AVX-512 register of fp32
// channels: below that, oneDNN's channels-last kernels leave lanes empty.
struct ConvolutionWork {
  bool any = false;
  bool mostly_wide = false;
};

struct ModelAnalysis {
  TensorShape input_shape;
  std::vector<BlockAnalysis> blocks;
  std::vector<Error> errors;

  bool ok() const { return errors.empty(); }
  const BlockAnalysis* find(std::string_view id) const;
  std::int64_t total_params() const;
  std::int64_t total_macs() const;
  std::int64_t total_activation_bytes() const;  // fp32, per sample
  ConvolutionWork convolution_work() const;
  // Output shape of the Output block; empty when inference did not reach it.
  TensorShape output_shape() const;
};

}  // namespace convstudio
