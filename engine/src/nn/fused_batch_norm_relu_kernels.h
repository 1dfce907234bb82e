#pragma once
// BatchNorm2d in training mode followed by ReLU, or by a residual Add and then ReLU, forward and
// backward in few passes each over the data (fused_batch_norm_relu_avx2.cpp). Callers check
// fused_batch_norm_relu's conditions first: fp32 or bf16 CPU data (fp32 parameters), 4-D, NCHW-
// or channels-last-contiguous, a residual of x's sizes, type and strides, a CPU with AVX2 and FMA.

#include <ATen/ATen.h>

namespace convstudio::fused_kernels {

struct BnReluForward {
  at::Tensor y;       // relu(batch_norm(x) [+ residual]), in x's type and memory format
  at::Tensor mean;    // the batch's, per channel (fp32)
  at::Tensor invstd;  // 1 / sqrt(biased variance + eps), per channel (fp32)
};

struct BnReluGradients {
  at::Tensor x;
  at::Tensor residual;  // after an Add only
  at::Tensor weight, bias;
};

// Channels-last data that is not also NCHW-contiguous (N×C×1×1 is both: treated as NCHW).
inline bool is_channels_last(const at::Tensor& x) {
  return !x.is_contiguous() && x.is_contiguous(at::MemoryFormat::ChannelsLast);
}

// relu(batch_norm(x) + residual), or relu(batch_norm(x)) when `residual` is undefined. Updates
// the running statistics as torch's batch norm does (unbiased variance, `momentum` weighing the
// batch).
BnReluForward bn_relu_forward(const at::Tensor& x, const at::Tensor& residual,
                              const at::Tensor& weight, const at::Tensor& bias,
                              at::Tensor& running_mean, at::Tensor& running_var, double momentum,
                              double eps);

// The gradients. `y` undefined: BatchNorm + ReLU, whose mask is recomputed from x. `y` the
// forward's output: BatchNorm + Add + ReLU, whose mask is y > 0; the residual's gradient is
// returned too.
BnReluGradients bn_relu_backward(const at::Tensor& gy, const at::Tensor& x, const at::Tensor& y,
                                 const at::Tensor& weight, const at::Tensor& bias,
                                 const at::Tensor& mean, const at::Tensor& invstd);

}  // namespace convstudio::fused_kernels
