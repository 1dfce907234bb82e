#include "fused_batch_norm_relu.h"

#include "fused_batch_norm_relu_kernels.h"

namespace convstudio {
namespace {

// The kernels are compiled for AVX2 + FMA (the build itself targets any x86-64), so they run only
// where the CPU has both, as ATen dispatches its own kernels.
bool cpu_has_avx2_fma() {
#if defined(__x86_64__) && defined(__GNUC__)
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
#else
  return false;
#endif
}

struct FusedBatchNormRelu : torch::autograd::Function<FusedBatchNormRelu> {
  static torch::Tensor forward(torch::autograd::AutogradContext* context, const torch::Tensor& x,
                               const torch::Tensor& weight, const torch::Tensor& bias,
                               torch::Tensor running_mean, torch::Tensor running_var,
                               double momentum, double eps) {
    fused_kernels::BnReluForward out = fused_kernels::bn_relu_forward(
        x, torch::Tensor(), weight, bias, running_mean, running_var, momentum, eps);
    context->save_for_backward({x, weight, bias, out.mean, out.invstd});
    return out.y;
  }

  static torch::autograd::variable_list backward(torch::autograd::AutogradContext* context,
                                                 torch::autograd::variable_list gradients) {
    const auto saved = context->get_saved_variables();
    fused_kernels::BnReluGradients g = fused_kernels::bn_relu_backward(
        gradients[0], saved[0], torch::Tensor(), saved[1], saved[2], saved[3], saved[4]);
    return {
        g.x, g.weight, g.bias, torch::Tensor(), torch::Tensor(), torch::Tensor(), torch::Tensor()};
  }
};

// Keeps x and its own output y for backward: what batch_norm and relu keep unfused.
struct FusedBatchNormAddRelu : torch::autograd::Function<FusedBatchNormAddRelu> {
  static torch::Tensor forward(torch::autograd::AutogradContext* context, const torch::Tensor& x,
                               const torch::Tensor& residual, const torch::Tensor& weight,
                               const torch::Tensor& bias, torch::Tensor running_mean,
                               torch::Tensor running_var, double momentum, double eps) {
    fused_kernels::BnReluForward out = fused_kernels::bn_relu_forward(
        x, residual, weight, bias, running_mean, running_var, momentum, eps);
    context->save_for_backward({x, out.y, weight, bias, out.mean, out.invstd});
    return out.y;
  }

  static torch::autograd::variable_list backward(torch::autograd::AutogradContext* context,
                                                 torch::autograd::variable_list gradients) {
    const auto saved = context->get_saved_variables();
    fused_kernels::BnReluGradients g = fused_kernels::bn_relu_backward(
        gradients[0], saved[0], saved[1], saved[2], saved[3], saved[4], saved[5]);
    return {g.x,
            g.residual,
            g.weight,
            g.bias,
            torch::Tensor(),
            torch::Tensor(),
            torch::Tensor(),
            torch::Tensor()};
  }
};

void count_batch(torch::nn::BatchNorm2dImpl& norm) {
  // As torch's BatchNorm counts the batches it has seen (checkpoints keep the count).
  const torch::NoGradGuard no_grad;
  norm.num_batches_tracked.add_(1);
}

}  // namespace

bool can_fuse_batch_norm_relu(const torch::Tensor& x, const torch::nn::BatchNorm2dImpl& norm) {
  const auto& options = norm.options;
  if (!options.affine() || !options.track_running_stats() || !options.momentum()) return false;
  if (!x.defined() || x.dim() != 4 || !x.device().is_cpu()) return false;
  // fp32, or bf16 data with fp32 parameters: what autocast gives a BatchNorm after a convolution.
  if (x.scalar_type() != at::kFloat && x.scalar_type() != at::kBFloat16) return false;
  if (!norm.weight.defined() || norm.weight.scalar_type() != at::kFloat ||
      !norm.weight.is_contiguous() || !norm.bias.is_contiguous() ||
      !norm.running_mean.is_contiguous() || !norm.running_var.is_contiguous() ||
      norm.running_mean.scalar_type() != at::kFloat)
    return false;
  if (!x.is_contiguous() && !x.is_contiguous(at::MemoryFormat::ChannelsLast)) return false;
  if (x.numel() / std::max<std::int64_t>(1, x.size(1)) <= 1) return false;  // torch's error
  return cpu_has_avx2_fma();
}

bool can_fuse_batch_norm_add_relu(const torch::Tensor& x, const torch::Tensor& residual,
                                  const torch::nn::BatchNorm2dImpl& norm) {
  return residual.defined() && x.defined() && residual.device() == x.device() &&
         residual.scalar_type() == x.scalar_type() && residual.sizes() == x.sizes() &&
         residual.strides() == x.strides() && can_fuse_batch_norm_relu(x, norm);
}

torch::Tensor fused_batch_norm_relu(const torch::Tensor& x, torch::nn::BatchNorm2dImpl& norm) {
  count_batch(norm);
  return FusedBatchNormRelu::apply(x, norm.weight, norm.bias, norm.running_mean, norm.running_var,
                                   *norm.options.momentum(), norm.options.eps());
}

torch::Tensor fused_batch_norm_add_relu(const torch::Tensor& x, const torch::Tensor& residual,
                                        torch::nn::BatchNorm2dImpl& norm) {
  count_batch(norm);
  return FusedBatchNormAddRelu::apply(x, residual, norm.weight, norm.bias, norm.running_mean,
                                      norm.running_var, *norm.options.momentum(),
                                      norm.options.eps());
}

}  // namespace convstudio
