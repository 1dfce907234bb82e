#pragma once
// The window of MaxPool2d and AvgPool2d: their shared parameters, the rule that stride 0 means
// the kernel size (PyTorch's default), and their shape rule. Written once for both and for
// every backend.

#include <cstdint>
#include <vector>

#include "blocks/block_model.h"

namespace convstudio::blocks {

struct PoolWindow {
  std::int64_t kernel = 1;
  std::int64_t stride = 1;  // resolved: never 0
  std::int64_t padding = 0;
  bool ceil_mode = false;  // round the output size up (PyTorch's ceil_mode)
};

std::vector<ParamSpec> pool_params();
PoolWindow pool_window(const Block& block);
// The output height or width for an input of `size`, by PyTorch's rule (ceil_mode included).
std::int64_t pooled_size(std::int64_t size, const PoolWindow& window);
// Each input element falls in one window at most (stride >= kernel): the case where LibTorch's
// oneDNN max pooling gives the same result as its own kernel, and what the memory estimate
// follows (oneDNN keeps other tensors for backward).
bool windows_do_not_overlap(const PoolWindow& window);
// Output C×H'×W'; autograd keeps the input (and max pooling its int64 indices).
bool infer_pool(ShapeRule& rule, bool keeps_indices);
std::optional<BlockParams> sample_pool(ParamSampler& sampler);

}  // namespace convstudio::blocks
