#include "training_loss.h"

#include "convstudio/data/sample_set.h"

namespace convstudio {

TrainingLoss::TrainingLoss(std::optional<std::vector<double>> weights, double label_smoothing,
                           const torch::Device& device)
    : weights_(std::move(weights)), label_smoothing_(label_smoothing) {
  if (weights_) {
    weight_tensor_ = torch::tensor(*weights_, torch::kDouble).to(device, torch::kFloat);
  }
}

torch::Tensor TrainingLoss::operator()(const torch::Tensor& logits,
                                       const torch::Tensor& labels) const {
  auto options = torch::nn::functional::CrossEntropyFuncOptions();
  if (label_smoothing_ > 0) options.label_smoothing(label_smoothing_);
  if (weight_tensor_.defined()) options.weight(weight_tensor_.to(logits.scalar_type()));
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

std::vector<std::int64_t> class_counts(const SampleSet& samples, std::int64_t classes) {
  std::vector<std::int64_t> counts(static_cast<std::size_t>(std::max<std::int64_t>(classes, 0)));
  for (std::int64_t i = 0; i < samples.size(); ++i) {
    const std::int64_t label = samples.label(i);
    if (label >= 0 && label < classes) ++counts[static_cast<std::size_t>(label)];
  }
  return counts;
}

}  // namespace convstudio
