#pragma once
// Activation checkpointing ("recompute in backward") for one block or a group of blocks run as
// one segment: the segment's forward runs without recording anything for autograd, and its
// backward runs the forward again to get what it needs. LibTorch has no C++
// torch.utils.checkpoint, so this is a custom autograd function. Internal to the engine.

#include <torch/torch.h>

#include <functional>
#include <memory>
#include <vector>

namespace convstudio {

// What a segment is: its forward (the segment's input values, in order, to its output values)
// and the modules of its blocks (their trained parameters and their buffers).
struct RecomputedSegment {
  std::function<std::vector<torch::Tensor>(const std::vector<torch::Tensor>& inputs, bool training)>
      forward;
  std::vector<std::shared_ptr<torch::nn::Module>> modules;
};

// The segment's outputs from `inputs`, keeping only the inputs for backward. The recomputation
// sees the same random numbers as the forward (dropout draws the same mask), the same autocast
// state, and leaves the blocks' buffers as the forward left them (BatchNorm's running
// statistics are updated once, not twice). `segment` must outlive the backward pass (it is a
// GraphModule's, which the training step holds). Runs the plain forward when nothing needs a
// gradient (evaluation, or frozen blocks fed by no trainable one).
std::vector<torch::Tensor> run_recomputed_in_backward(const RecomputedSegment& segment,
                                                      const std::vector<torch::Tensor>& inputs,
                                                      bool training);

}  // namespace convstudio
