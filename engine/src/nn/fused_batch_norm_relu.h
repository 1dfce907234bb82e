#pragma once
// BatchNorm2d in training mode followed by a ReLU that is its only reader, or by a residual Add
// and then a ReLU, run as one operation (issue 33): what torch.compile's generated kernels do, by
// hand where no library kernel does it (fused_batch_norm_relu_avx2.cpp). Same results as
// batch_norm (+ add) + relu within float rounding (the sums are ordered differently; bf16 is
// rounded once, not after each operation), the same running statistics and num_batches_tracked.

#include <torch/torch.h>

namespace convstudio {

// Whether this call can be fused: an fp32 or bf16 CPU input of 4 dimensions, NCHW- or
// channels-last-contiguous, with more than one value per channel; a BatchNorm with fp32 weights,
// running statistics and a momentum; a CPU with AVX2 and FMA. Otherwise the caller runs
// batch_norm and relu as they are.
bool can_fuse_batch_norm_relu(const torch::Tensor& x, const torch::nn::BatchNorm2dImpl& norm);

// The same for relu(norm(x) + residual), and a residual of x's sizes, type and strides (so no
// broadcasting and no type promotion, which the Add block would do).
bool can_fuse_batch_norm_add_relu(const torch::Tensor& x, const torch::Tensor& residual,
                                  const torch::nn::BatchNorm2dImpl& norm);

// relu(norm(x)) in training mode, updating norm's running statistics; differentiable in x and
// norm's weight and bias. Only after can_fuse_batch_norm_relu.
torch::Tensor fused_batch_norm_relu(const torch::Tensor& x, torch::nn::BatchNorm2dImpl& norm);

// relu(norm(x) + residual), differentiable in the residual too. Only after
// can_fuse_batch_norm_add_relu.
torch::Tensor fused_batch_norm_add_relu(const torch::Tensor& x, const torch::Tensor& residual,
                                        torch::nn::BatchNorm2dImpl& norm);

}  // namespace convstudio
