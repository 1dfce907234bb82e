#pragma once
// The training loss: cross-entropy with the run's class weights and label smoothing, exactly as
// torch.nn.CrossEntropyLoss(weight=w, label_smoothing=ε) computes it (the same ATen kernel).
// The weights come from the LossSettings and the training split's class counts. Segmentation
// (issue 38) takes per-pixel cross-entropy with the same weights and smoothing and the data
// set's ignore label as ignore_index, soft Dice (dice_loss.h), or their sum. Internal.

#include <torch/torch.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "convstudio/model/loss_settings.h"
#include "convstudio/result.h"

namespace convstudio {

class SampleSet;

// A segmentation run's loss: which one, and the label of pixels nothing counts.
struct PixelLoss {
  SegmentationLoss kind = SegmentationLoss::CrossEntropy;
  std::int64_t ignore_label = 255;
};

class TrainingLoss {
 public:
  TrainingLoss() = default;
  // `weights`: one per class, or none (every class counts alike). `pixels`: a segmentation
  // run's (targets N×H×W), none for classification.
  TrainingLoss(std::optional<std::vector<double>> weights, double label_smoothing,
               const torch::Device& device, std::optional<PixelLoss> pixels = std::nullopt);

  // The mean loss of a batch: Σ w[y]·ℓ / Σ w[y] with weights, as PyTorch's "mean" reduction.
  // `labels` may also be float probability targets (batch × classes, mixup/CutMix): then, as
  // PyTorch computes it, the smoothed target (1 − ε)·t + ε/classes is weighted per class and
  // the mean is over the rows. Segmentation: cross-entropy's mean is over the counted pixels,
  // Σ w[y]·ℓ / Σ w[y] with ignored pixels in neither sum (PyTorch's ignore_index); Dice as
  // dice_loss.h; cross-entropy+dice the sum of the two.
  torch::Tensor operator()(const torch::Tensor& logits, const torch::Tensor& labels) const;
  const std::optional<std::vector<double>>& weights() const { return weights_; }

 private:
  torch::Tensor pixel_cross_entropy(const torch::Tensor& logits, const torch::Tensor& labels,
                                    torch::nn::functional::CrossEntropyFuncOptions options) const;

  std::optional<std::vector<double>> weights_;
  torch::Tensor weight_tensor_;  // float32 on the device; undefined without weights
  double label_smoothing_ = 0;
  std::optional<PixelLoss> pixels_;
};

// The plain cross-entropy the learning-rate finder, the batch-size finder and the profiler
// train with (no weights, no smoothing); per-pixel targets (N×H×W) leave pixels labelled
// `ignore_label` out, as the run's loss does.
torch::Tensor plain_cross_entropy(const torch::Tensor& logits, const torch::Tensor& labels,
                                  std::int64_t ignore_label = 255);

// The class weights the setting asks for: nullopt for "none", the balanced ones from `counts`
// (the training split's samples per class), or the list, which must name every class (an error
// at the setting otherwise).
Result<std::optional<std::vector<double>>> resolve_class_weights(
    const LossSettings& settings, const std::vector<std::int64_t>& counts);

// Segmentation's class weights: as resolve_class_weights, "balanced" from `pixel_counts` (the
// training split's pixels per class) when the data reports them, refused at the setting when it
// does not; an explicit list must name each of `classes`.
Result<std::optional<std::vector<double>>> resolve_pixel_class_weights(
    const LossSettings& settings, const std::optional<std::vector<std::int64_t>>& pixel_counts,
    std::int64_t classes);

// Samples per class of a split (labels outside 0..classes-1 are not counted).
std::vector<std::int64_t> class_counts(const SampleSet& samples, std::int64_t classes);

}  // namespace convstudio
