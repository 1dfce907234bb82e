#pragma once
// SyncBatchNorm: a training-mode BatchNorm2d whose batch mean and variance are those of the
// global batch (every rank's shard together), as PyTorch's nn.SyncBatchNorm computes them.
// Forward all-reduces per channel the sum, the sum of squares and the count (one packed
// all-reduce); backward all-reduces the sums of grad and grad·x̂. Internal (LibTorch).
//
// Every rank must normalise the same blocks in the same order, a rank with an empty shard too
// (it contributes zeros and a count of 0): the collectives pair up by their order. That holds
// for blocks recomputed in backward as well: autograd runs a device's backward on one thread,
// in an order fixed by the graph, which is the same on every rank, so each recomputation (its
// forward all-reduce, then its backward one) and each bucket GradientReducer starts come in the
// same sequence everywhere.

#include <torch/torch.h>

#include <string>

#include "process_group.h"

namespace convstudio {

class SyncBatchNorm {
 public:
  explicit SyncBatchNorm(ProcessGroup& group) : group_(group) {}

  // Block `block_id`'s `batch_norm` in training mode on this rank's shard `input` (N×C×H×W; N
  // may be 0):
  // normalised with the global statistics, which also update the running ones (mean, and the
  // unbiased variance). Statistics are computed in fp32 whatever autocast made `input`; the
  // output has the input's dtype and memory format.
  // Throws std::invalid_argument naming the block for an input it cannot normalise.
  torch::Tensor forward(const std::string& block_id, torch::nn::BatchNorm2dImpl& batch_norm,
                        const torch::Tensor& input);

 private:
  ProcessGroup& group_;
};

}  // namespace convstudio
