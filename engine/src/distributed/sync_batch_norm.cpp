#include "sync_batch_norm.h"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace convstudio {
namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

// What forward needs besides its differentiable tensors; passed by address (on the caller's
// stack, read during forward only), as RecomputeInBackward passes its conditions.
struct Call {
  ProcessGroup* group = nullptr;
  torch::nn::BatchNorm2dImpl* batch_norm = nullptr;
  const std::string* block_id = nullptr;
};

// N×C×H×W reduced over all but the channels.
const std::vector<std::int64_t> kAllButChannels = {0, 2, 3};

torch::Tensor per_channel(const torch::Tensor& values) {
  return values.view({1, -1, 1, 1});
}

class GlobalBatchNorm : public torch::autograd::Function<GlobalBatchNorm> {
 public:
  static variable_list forward(AutogradContext* ctx, std::int64_t call_address,
                               const torch::Tensor& input, const torch::Tensor& weight,
                               const torch::Tensor& bias) {
    const Call& call = *reinterpret_cast<const Call*>(call_address);
    torch::nn::BatchNorm2dImpl& bn = *call.batch_norm;
    const torch::Tensor x = input.to(torch::kFloat);
    const std::int64_t channels = x.size(1);
    const std::int64_t local_count = channels > 0 ? x.numel() / channels : 0;

    // [sum (C), sum of squares (C), count]: one all-reduce. Each rank's mean and variance come
    // from var_mean (fp32, stable); the sums of squares are formed and combined in fp64, so the
    // global variance does not lose its digits to the squared mean.
    const auto fp64 = x.options().dtype(torch::kDouble);
    torch::Tensor packed = torch::zeros({2 * channels + 1}, fp64);
    if (local_count > 0) {
      const auto [variance, mean] =
          torch::var_mean(x, kAllButChannels, /*unbiased=*/false, /*keepdim=*/false);
      const torch::Tensor mean64 = mean.to(torch::kDouble);
      const auto count = static_cast<double>(local_count);
      packed.narrow(0, 0, channels).copy_(mean64 * count);
      packed.narrow(0, channels, channels)
          .copy_((variance.to(torch::kDouble) + mean64 * mean64) * count);
      packed.narrow(0, 2 * channels, 1).fill_(count);
    }
    call.group->allreduce(packed);
    const double count = packed[2 * channels].item<double>();
    if (count <= 1) {
      // torch's BatchNorm refuses one value per channel the same way; every rank sees it.
      throw std::invalid_argument(*call.block_id +
                                  " (SyncBatchNorm): expected more than 1 value per channel "
                                  "over all processes in training, got " +
                                  std::to_string(static_cast<std::int64_t>(count)));
    }
    const torch::Tensor mean64 = packed.narrow(0, 0, channels) / count;
    const torch::Tensor variance64 =
        (packed.narrow(0, channels, channels) / count - mean64 * mean64).clamp_min(0);
    const torch::Tensor mean = mean64.to(torch::kFloat);
    const torch::Tensor invstd = (variance64 + bn.options.eps()).rsqrt().to(torch::kFloat);

    if (bn.options.track_running_stats()) {
      const double momentum = bn.options.momentum().value_or(0.1);
      bn.running_mean.mul_(1 - momentum).add_(mean.to(bn.running_mean.dtype()), momentum);
      const torch::Tensor unbiased = variance64 * (count / (count - 1));
      bn.running_var.mul_(1 - momentum).add_(unbiased.to(bn.running_var.dtype()), momentum);
      bn.num_batches_tracked.add_(1);
    }

    torch::Tensor scale = invstd;
    if (weight.defined()) scale = scale * weight.to(torch::kFloat);
    torch::Tensor shift = -mean * scale;
    if (bias.defined()) shift = shift + bias.to(torch::kFloat);
    ctx->save_for_backward({input, weight, mean, invstd});
    ctx->saved_data["count"] = count;
    ctx->saved_data["group"] = reinterpret_cast<std::int64_t>(call.group);
    return {(x * per_channel(scale) + per_channel(shift)).to(input.scalar_type())};
  }

  static variable_list backward(AutogradContext* ctx, variable_list grad_outputs) {
    auto& group = *reinterpret_cast<ProcessGroup*>(ctx->saved_data["group"].toInt());
    const double count = ctx->saved_data["count"].toDouble();
    const variable_list saved = ctx->get_saved_variables();
    const torch::Tensor& input = saved[0];
    const torch::Tensor& weight = saved[1];
    const torch::Tensor& mean = saved[2];
    const torch::Tensor& invstd = saved[3];
    const std::int64_t channels = mean.size(0);

    const torch::Tensor dy = grad_outputs[0].to(torch::kFloat);
    const torch::Tensor x_hat = (input.to(torch::kFloat) - per_channel(mean)) * per_channel(invstd);
    // This rank's sums: the gradients of weight and bias (GradientReducer sums those over the
    // ranks, as for any parameter), and after the all-reduce the input gradient's two terms.
    torch::Tensor sums = torch::empty({2 * channels}, mean.options());
    torch::Tensor sum_dy = sums.narrow(0, 0, channels);
    torch::Tensor sum_dy_x_hat = sums.narrow(0, channels, channels);
    sum_dy.copy_(dy.sum(kAllButChannels));
    sum_dy_x_hat.copy_((dy * x_hat).sum(kAllButChannels));
    const torch::Tensor grad_weight = weight.defined() ? sum_dy_x_hat.clone() : torch::Tensor();
    const torch::Tensor grad_bias = sum_dy.clone();
    group.allreduce(sums);

    torch::Tensor scale = invstd;
    if (weight.defined()) scale = scale * weight.to(torch::kFloat);
    const torch::Tensor grad_input =
        ((dy - per_channel(sum_dy / count) - x_hat * per_channel(sum_dy_x_hat / count)) *
         per_channel(scale))
            .to(input.scalar_type());
    return {torch::Tensor(), grad_input, grad_weight, grad_bias};
  }
};

}  // namespace

torch::Tensor SyncBatchNorm::forward(const std::string& block_id,
                                     torch::nn::BatchNorm2dImpl& batch_norm,
                                     const torch::Tensor& input) {
  if (input.dim() != 4) {
    throw std::invalid_argument(block_id + " (SyncBatchNorm): expected an N×C×H×W input, got " +
                                std::to_string(input.dim()) + " dimensions");
  }
  Call call{&group_, &batch_norm, &block_id};
  return GlobalBatchNorm::apply(reinterpret_cast<std::int64_t>(&call), input, batch_norm.weight,
                                batch_norm.bias)[0];
}

}  // namespace convstudio
