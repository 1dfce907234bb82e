#include "training_loss.h"

#include "convstudio/data/sample_set.h"
#include "dice_loss.h"

namespace convstudio {

TrainingLoss::TrainingLoss(std::optional<std::vector<double>> weights, double label_smoothing,
                           const torch::Device& device, std::optional<PixelLoss> pixels)
    : weights_(std::move(weights)), label_smoothing_(label_smoothing), pixels_(pixels) {
  if (weights_) {
    weight_tensor_ = torch::tensor(*weights_, torch::kDouble).to(device, torch::kFloat);
  }
}

torch::Tensor TrainingLoss::operator()(const torch::Tensor& logits,
                                       const torch::Tensor& labels) const {
  auto options = torch::nn::functional::CrossEntropyFuncOptions();
  if (label_smoothing_ > 0) options.label_smoothing(label_smoothing_);
  if (weight_tensor_.defined()) options.weight(weight_tensor_.to(logits.scalar_type()));
  if (!pixels_) return torch::nn::functional::cross_entropy(logits, labels, options);
  if (pixels_->kind == SegmentationLoss::Dice) {
    return soft_dice_loss(logits, labels, pixels_->ignore_label);
  }
  torch::Tensor cross_entropy = pixel_cross_entropy(logits, labels, options);
  if (pixels_->kind == SegmentationLoss::CrossEntropy) return cross_entropy;
  return cross_entropy + soft_dice_loss(logits, labels, pixels_->ignore_label);
}

torch::Tensor TrainingLoss::pixel_cross_entropy(
    const torch::Tensor& logits, const torch::Tensor& labels,
    torch::nn::functional::CrossEntropyFuncOptions options) const {
  // PyTorch's mean is the sum over the counted pixels divided by Σ w[y] over them (their count
  // without weights), its label smoothing's term included; computed here as that quotient so a
  // batch whose pixels are all ignored gives 0 rather than 0/0, without reading the labels back
  // from the device (a wait per micro-batch on a GPU).
  options.ignore_index(pixels_->ignore_label).reduction(torch::kSum);
  const torch::Tensor summed = torch::nn::functional::cross_entropy(logits, labels, options);
  const torch::Tensor counted = labels.ne(pixels_->ignore_label);
  torch::Tensor denominator;
  if (weight_tensor_.defined()) {
    const torch::Tensor safe = torch::where(counted, labels, torch::zeros_like(labels));
    denominator = (weight_tensor_.to(logits.scalar_type()).index({safe}) * counted).sum();
  } else {
    denominator = counted.sum().to(logits.scalar_type());
  }
  return torch::where(denominator.gt(0), summed / denominator.clamp_min(1e-30), summed * 0);
}

torch::Tensor plain_cross_entropy(const torch::Tensor& logits, const torch::Tensor& labels,
                                  std::int64_t ignore_label) {
  auto options = torch::nn::functional::CrossEntropyFuncOptions();
  if (labels.dim() > 1) options.ignore_index(ignore_label);
  return torch::nn::functional::cross_entropy(logits, labels, options);
}

Result<std::optional<std::vector<double>>> resolve_class_weights(
    const LossSettings& settings, const std::vector<std::int64_t>& counts) {
  using Weights = std::optional<std::vector<double>>;
  if (settings.class_weights == "none") return Weights{};
  if (settings.class_weights == "balanced") return Weights{balanced_class_weights(counts)};
  std::optional<std::vector<double>> list = parse_class_weight_list(settings.class_weights);
  if (!list || list->size() != counts.size()) {
    return Error::in_setting("training.class_weights",
                             "names " + std::to_string(list ? list->size() : 0) +
                                 " weights, but the data has " + std::to_string(counts.size()) +
                                 " classes: give one weight per class, in class order");
  }
  return Weights{std::move(list)};
}

Result<std::optional<std::vector<double>>> resolve_pixel_class_weights(
    const LossSettings& settings, const std::optional<std::vector<std::int64_t>>& pixel_counts,
    std::int64_t classes) {
  if (settings.class_weights == "balanced" && !pixel_counts) {
    return Error::in_setting("training.class_weights",
                             "\"balanced\" weighs a segmentation's classes by the training "
                             "split's pixel counts, which this data set does not report: give "
                             "one weight per class, or none");
  }
  return resolve_class_weights(
      settings, pixel_counts.value_or(std::vector<std::int64_t>(
                    static_cast<std::size_t>(std::max<std::int64_t>(classes, 0)), 1)));
}

std::vector<std::int64_t> class_counts(const SampleSet& samples, std::int64_t classes) {
  std::vector<std::int64_t> counts(static_cast<std::size_t>(std::max<std::int64_t>(classes, 0)));
  for (std::int64_t i = 0; i < samples.size(); ++i) {
    const std::int64_t label = samples.label(i);
    if (label >= 0 && label < classes) ++counts[static_cast<std::size_t>(label)];
  }
  return counts;
}

}  // namespace convstudio
