#include "explain/occlusion_map.h"

#include <algorithm>

namespace convstudio {
namespace {

struct Patch {
  std::int64_t top = 0;
  std::int64_t left = 0;
};

}  // namespace

std::vector<std::int64_t> occlusion_offsets(std::int64_t length, int stride) {
  std::vector<std::int64_t> offsets;
  for (std::int64_t at = 0; at < length; at += std::max(stride, 1)) offsets.push_back(at);
  return offsets;
}

std::optional<torch::Tensor> occlusion_map(GraphModuleImpl& module, const torch::Tensor& input,
                                           std::int64_t target_class,
                                           const OcclusionSettings& settings,
                                           const ExplainProgress& progress, ExplainCancel cancel) {
  torch::NoGradGuard no_grad;
  const std::int64_t height = input.size(2);
  const std::int64_t width = input.size(3);
  const std::int64_t size = std::max(settings.patch, 1);
  std::vector<Patch> patches;
  for (std::int64_t top : occlusion_offsets(height, settings.stride)) {
    for (std::int64_t left : occlusion_offsets(width, settings.stride))
      patches.push_back({top, left});
  }
  const double base =
      torch::softmax(module.forward(input).to(torch::kDouble), 1)[0][target_class].item<double>();
  // The sums stay on the CPU whatever the model's device; each batch's probabilities come back.
  // Sums in double so the order of the additions does not show in the result.
  torch::Tensor drops = torch::zeros({height, width}, torch::kDouble);
  torch::Tensor covers = torch::zeros({height, width}, torch::kDouble);
  const auto batch_size = static_cast<std::size_t>(std::max(settings.batch, 1));
  for (std::size_t begin = 0; begin < patches.size(); begin += batch_size) {
    if (cancel != nullptr && cancel->load()) return std::nullopt;
    if (progress) progress(static_cast<double>(begin) / static_cast<double>(patches.size()));
    const std::size_t end = std::min(patches.size(), begin + batch_size);
    torch::Tensor batch = input.repeat({static_cast<std::int64_t>(end - begin), 1, 1, 1});
    for (std::size_t i = begin; i < end; ++i) {
      const Patch& p = patches[i];
      batch[static_cast<std::int64_t>(i - begin)]
          .narrow(1, p.top, std::min(size, height - p.top))
          .narrow(2, p.left, std::min(size, width - p.left))
          .fill_(settings.fill);
    }
    const torch::Tensor probabilities =
        torch::softmax(module.forward(batch).to(torch::kCPU, torch::kDouble), 1)
            .select(1, target_class);
    for (std::size_t i = begin; i < end; ++i) {
      const Patch& p = patches[i];
      const double drop = base - probabilities[static_cast<std::int64_t>(i - begin)].item<double>();
      drops.narrow(0, p.top, std::min(size, height - p.top))
          .narrow(1, p.left, std::min(size, width - p.left))
          .add_(drop);
      covers.narrow(0, p.top, std::min(size, height - p.top))
          .narrow(1, p.left, std::min(size, width - p.left))
          .add_(1.0);
    }
  }
  if (progress) progress(1.0);
  return (drops / covers.clamp_min(1.0)).to(torch::kFloat);
}

}  // namespace convstudio
