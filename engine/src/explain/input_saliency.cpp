#include "explain/input_saliency.h"

#include <algorithm>

#include <ATen/CPUGeneratorImpl.h>

#include "explain/class_activation_map.h"

namespace convstudio {
namespace {

// The noisy copies go through the model in batches of this many.
constexpr int kBatch = 16;

// Σ over the batch of |d score_n / d input_n|, max over channels: 1×H×W. The samples are
// independent in eval mode, so one backward of the summed score gives each its own gradient.
torch::Tensor absolute_gradient_sum(GraphModuleImpl& module, const torch::Tensor& batch,
                                    std::int64_t target_class) {
  torch::AutoGradMode grad_on(true);
  const torch::Tensor input = batch.detach().requires_grad_(true);
  const torch::Tensor score = module.forward(input).select(1, target_class).sum();
  const torch::Tensor grad = torch::autograd::grad({score}, {input})[0];
  return grad.abs().amax(1).sum(0, /*keepdim=*/true);
}

}  // namespace

std::optional<torch::Tensor> saliency_map(GraphModuleImpl& module, const torch::Tensor& input,
                                          std::int64_t target_class,
                                          const SaliencySettings& settings,
                                          const ExplainProgress& progress, ExplainCancel cancel) {
  if (settings.samples <= 0) {
    return scale_to_unit(absolute_gradient_sum(module, input, target_class)[0]);
  }
  at::Generator generator = at::make_generator<at::CPUGeneratorImpl>(settings.seed);
  const double sigma = settings.noise * (input.max() - input.min()).item<double>();
  torch::Tensor sum = torch::zeros({1, input.size(2), input.size(3)});
  for (int done = 0; done < settings.samples; done += kBatch) {
    if (cancel != nullptr && cancel->load()) return std::nullopt;
    if (progress) progress(static_cast<double>(done) / settings.samples);
    const int count = std::min(kBatch, settings.samples - done);
    const torch::Tensor noise =
        torch::randn({count, input.size(1), input.size(2), input.size(3)}, generator) * sigma;
    // The noise comes from the CPU generator (the same for a seed on any device).
    sum += absolute_gradient_sum(module, input + noise.to(input.device()), target_class).cpu();
  }
  if (progress) progress(1.0);
  return scale_to_unit(sum[0] / settings.samples);
}

}  // namespace convstudio
