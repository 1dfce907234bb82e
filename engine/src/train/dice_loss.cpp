#include "dice_loss.h"

namespace convstudio {

torch::Tensor soft_dice_loss(const torch::Tensor& logits, const torch::Tensor& targets,
                             std::int64_t ignore_index) {
  const std::int64_t classes = logits.size(1);
  const torch::Tensor counted = targets.ne(ignore_index);  // N×H×W
  const torch::Tensor safe_targets = torch::where(counted, targets, torch::zeros_like(targets));
  const torch::Tensor mask = counted.unsqueeze(1).to(logits.scalar_type());  // N×1×H×W
  const torch::Tensor truth =
      torch::one_hot(safe_targets, classes).permute({0, 3, 1, 2}).to(logits.scalar_type()) * mask;
  const torch::Tensor probabilities = torch::softmax(logits, 1) * mask;
  const std::vector<std::int64_t> pixels = {0, 2, 3};
  const torch::Tensor intersection = (probabilities * truth).sum(pixels);     // C
  const torch::Tensor sizes = probabilities.sum(pixels) + truth.sum(pixels);  // C
  torch::Tensor present;
  {
    torch::NoGradGuard no_grad;
    const torch::Tensor predicted =
        torch::one_hot(logits.argmax(1), classes).permute({0, 3, 1, 2}) * counted.unsqueeze(1);
    present = truth.sum(pixels).gt(0).logical_or(predicted.sum(pixels).gt(0));
  }
  // Only present classes reach the mean; their sizes are > 0 (the truth's pixel, or p ≥ 1/C at
  // a predicted one), so the floor only keeps the absent ones' 0/0 out of the gradient.
  const torch::Tensor dice = 2 * intersection / sizes.clamp_min(1e-12);
  const torch::Tensor present_count = present.sum();
  const torch::Tensor mean_dice =
      torch::where(present, dice, torch::zeros_like(dice)).sum() / present_count.clamp_min(1);
  // No counted pixel: 0 (the where keeps the graph; the mean over none would be NaN).
  return torch::where(present_count.gt(0), 1 - mean_dice, logits.sum() * 0);
}

}  // namespace convstudio
