#pragma once
// The training loss: cross-entropy with the run's class weights and label smoothing, exactly as
// torch.nn.CrossEntropyLoss(weight=w, label_smoothing=ε) computes it (the same ATen kernel).
// The weights come from the LossSettings and the training split's class counts. Internal.

#include <torch/torch.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "convstudio/model/loss_settings.h"
#include "convstudio/result.h"

namespace convstudio {

class SampleSet;

class TrainingLoss {
 public:
  TrainingLoss() = default;
  // `weights`: one per class, or none (every class counts alike).
  TrainingLoss(std::optional<std::vector<double>> weights, double label_smoothing,
               const torch::Device& device);

  // The mean loss of a batch: Σ w[y]·ℓ / Σ w[y] with weights, as PyTorch's "mean" reduction.
  // `labels` may also be float probability targets (batch × classes, mixup/CutMix): then, as
  // PyTorch computes it, the smoothed target (1 − ε)·t + ε/classes is weighted per class and
  // the mean is over the rows.
  torch::Tensor operator()(const torch::Tensor& logits, const torch::Tensor& labels) const;
  const std::optional<std::vector<double>>& weights() const { return weights_; }

 private:
  std::optional<std::vector<double>> weights_;
  torch::Tensor weight_tensor_;  // float32 on the device; undefined without weights
  double label_smoothing_ = 0;
};

// The class weights the setting asks for: nullopt for "none", the balanced ones from `counts`
// (the training split's samples per class), or the list, which must name every class (an error
// at the setting otherwise).
Result<std::optional<std::vector<double>>> resolve_class_weights(
    const LossSettings& settings, const std::vector<std::int64_t>& counts);

// Samples per class of a split (labels outside 0..classes-1 are not counted).
std::vector<std::int64_t> class_counts(const SampleSet& samples, std::int64_t classes);

}  // namespace convstudio
