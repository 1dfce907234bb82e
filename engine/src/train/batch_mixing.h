#pragma once
// Mixup and CutMix of a training batch, defined as torchvision's transforms.v2.MixUp and CutMix
// define them: each image is paired with the one before it in the batch (images.roll(1, 0)),
// λ ~ Beta(α, α); mixup blends the pair, CutMix pastes a box of the partner whose size follows
// from λ and then sets λ to the share the image really keeps. The targets are
// λ·onehot(label) + (1 − λ)·onehot(partner's label). Each batch's draws follow from (seed, epoch,
// batch index), so a resumed run mixes as the uninterrupted one did. Internal (LibTorch).

#include <torch/torch.h>

#include <cstdint>
#include <optional>

#include "convstudio/model/loss_settings.h"
#include "data/seeded_random.h"

namespace convstudio {

// A draw of Beta(α, α) (α > 0) from `random` alone, so it replays on every platform.
double beta_sample(SeededRandom& random, double alpha);

// The pasted box, in pixels, [x1, x2) × [y1, y2).
struct CutMixBox {
  std::int64_t x1 = 0, y1 = 0, x2 = 0, y2 = 0;
  bool operator==(const CutMixBox&) const = default;
};

// torchvision's box: centred at (r_x, r_y), half sides int(½·√(1 − λ)·W) and int(½·√(1 − λ)·H),
// clamped to the image.
CutMixBox cutmix_box(std::int64_t height, std::int64_t width, double lambda, std::int64_t r_x,
                     std::int64_t r_y);
// The share of the image outside the box: CutMix's λ after the box is placed.
double cutmix_lambda(const CutMixBox& box, std::int64_t height, std::int64_t width);

// A mixed batch: its images, each row's own label and its partner's (the row before it), and
// the weight λ of the own label.
struct MixedBatch {
  torch::Tensor images;
  torch::Tensor labels;    // int64, batch
  torch::Tensor partners;  // labels.roll(1, 0)
  double lambda = 1;

  // float32 batch × classes: λ·onehot(labels) + (1 − λ)·onehot(partners), torchvision's.
  torch::Tensor targets(std::int64_t classes) const;
  // The label of weight ≥ 0.5 in each row: what training accuracy counts under mixing.
  torch::Tensor dominant_labels() const;
};

// torchvision's MixUp for a given λ: λ·x + (1 − λ)·x.roll(1, 0).
MixedBatch mixup(const torch::Tensor& images, const torch::Tensor& labels, double lambda);
// torchvision's CutMix for a given box: the partner's pixels inside it, λ from its area.
MixedBatch cutmix(const torch::Tensor& images, const torch::Tensor& labels, const CutMixBox& box);

// Which batches are mixed and how, from the loss settings and the run's seed.
class BatchMixer {
 public:
  BatchMixer(const LossSettings& settings, std::uint64_t seed);

  bool enabled() const { return mixup_on_ || cutmix_on_; }
  // Batch `index` of `epoch` (images batch × C × H × W) mixed, or nullopt when the draw leaves
  // it as it is. With both on, a seeded coin picks one; the one picked then applies with its
  // probability.
  std::optional<MixedBatch> mix(const torch::Tensor& images, const torch::Tensor& labels,
                                std::int64_t epoch, std::int64_t index) const;

 private:
  LossSettings settings_;
  std::uint64_t seed_ = 0;
  bool mixup_on_ = false;
  bool cutmix_on_ = false;
};

}  // namespace convstudio
