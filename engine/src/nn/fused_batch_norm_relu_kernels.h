#pragma once
// BatchNorm2d in training mode followed by ReLU, forward and backward in one pass each over the
// data (fused_batch_norm_relu_avx2.cpp). Callers check fused_batch_norm_relu's conditions first:
// fp32 CPU tensors, 4-D, NCHW- or channels-last-contiguous, a CPU with AVX2 and FMA.

#include <ATen/ATen.h>

#include <tuple>

namespace convstudio::fused_kernels {

struct BnReluForward {
  at::Tensor y;       // relu(batch_norm(x)), in x's memory format
  at::Tensor mean;    // the batch's, per channel
  at::Tensor invstd;  // 1 / sqrt(biased variance + eps), per channel
};

// Channels-last data that is not also NCHW-contiguous (N×C×1×1 is both: treated as NCHW).
inline bool is_channels_last(const at::Tensor& x) {
  return !x.is_contiguous() && x.is_contiguous(at::MemoryFormat::ChannelsLast);
}

// Updates the running statistics as torch's batch norm does (unbiased variance, `momentum`
// weighing the batch).
BnReluForward bn_relu_forward(const at::Tensor& x, const at::Tensor& weight, const at::Tensor& bias,
                              at::Tensor& running_mean, at::Tensor& running_var, double momentum,
                              double eps);

// The gradients of x, weight and bias; the ReLU's mask is recomputed from x.
std::tuple<at::Tensor, at::Tensor, at::Tensor> bn_relu_backward(
    const at::Tensor& gy, const at::Tensor& x, const at::Tensor& weight, const at::Tensor& bias,
    const at::Tensor& mean, const at::Tensor& invstd);

}  // namespace convstudio::fused_kernels
