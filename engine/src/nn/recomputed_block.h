#pragma once
// Activation checkpointing for one block ("recompute in backward"): the block's forward runs
// without recording anything for autograd, and its backward runs the forward again to get what
// it needs. LibTorch has no C++ torch.utils.checkpoint, so this is a custom autograd function.
// Internal to the engine (includes LibTorch).

#include <torch/torch.h>

#include <vector>

#include "blocks/block_torch.h"

namespace convstudio {

// The block's output from `inputs`, keeping only the inputs for backward. The recomputation
// sees the same random numbers as the forward (dropout draws the same mask), the same autocast
// state, and leaves the block's buffers as the forward left them (BatchNorm's running
// statistics are updated once, not twice). `layer` must outlive the backward pass (it is a
// GraphModule's, which the training step holds). Falls back to a plain forward when nothing
// needs a gradient (evaluation, or a frozen block fed by no trainable one).
torch::Tensor run_recomputed_in_backward(const blocks::TorchLayer& layer,
                                         const std::vector<torch::Tensor>& inputs, bool training);

}  // namespace convstudio
