#pragma once
// How the loss counts classes, how training draws and mixes its images, and which validation
// figure judges a run: class weights, label smoothing, the sampler, mixup/CutMix and the
// best-checkpoint metric, one group of TrainingSettings (issue 34).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace convstudio {

// Which validation figure "best checkpoint" keeps and early stopping watches. Accuracy: the best
// checkpoint follows accuracy and early stopping the validation loss, as before the setting
// existed; the others drive both (higher is better). MeanIoU: segmentation's mean intersection
// over union of the classes.
enum class BestMetric { Accuracy, BalancedAccuracy, MacroF1, MeanIoU };

// Segmentation's per-pixel loss: cross-entropy (with the class weights and the dataset's
// ignore label), soft Dice over the classes present, or their sum.
enum class SegmentationLoss { CrossEntropy, Dice, CrossEntropyDice };

// How an epoch draws the training images. Shuffle: each image once, in a seeded order.
// ClassBalanced: as many draws as images, each a class chosen uniformly and then one of its
// images (with replacement), so rare classes are seen as often as common ones.
enum class SamplerKind { Shuffle, ClassBalanced };

struct LossSettings {
  // "none", "balanced" (scikit-learn's compute_class_weight("balanced"): n_samples /
  // (n_classes × count of the class), from the training split), or one weight per class in
  // class order, separated by commas ("1,5,2.5").
  std::string class_weights = "none";
  // Cross-entropy against (1 − ε) × the label + ε / classes (PyTorch's label_smoothing).
  double label_smoothing = 0;
  BestMetric best_metric = BestMetric::Accuracy;
  SamplerKind sampler = SamplerKind::Shuffle;
  // torchvision's transforms.v2.MixUp / CutMix: λ ~ Beta(α, α); α 0 turns one off. Each batch
  // takes one of those on (a seeded coin when both are), applied with its probability.
  double mixup_alpha = 0;
  double mixup_probability = 1;
  double cutmix_alpha = 0;
  double cutmix_probability = 1;
  SegmentationLoss segmentation_loss = SegmentationLoss::CrossEntropy;

  // Some batches are mixed: training accuracy then counts the dominant label.
  bool mixes() const {
    return (mixup_alpha > 0 && mixup_probability > 0) ||
           (cutmix_alpha > 0 && cutmix_probability > 0);
  }

  bool operator==(const LossSettings&) const = default;
};

inline constexpr double kMaxLabelSmoothing = 0.5;
inline constexpr double kMaxMixingAlpha = 10;

std::string to_string(SamplerKind sampler);  // "shuffle" | "class-balanced"
std::optional<SamplerKind> parse_sampler_kind(std::string_view text);
const std::vector<std::string>& sampler_kind_names();

std::string to_string(BestMetric metric);  // "accuracy" | "balanced_accuracy" | "macro_f1" | "miou"
std::optional<BestMetric> parse_best_metric(std::string_view text);
const std::vector<std::string>& best_metric_names();

std::string to_string(SegmentationLoss loss);  // "cross-entropy" | "dice" | "cross-entropy+dice"
std::optional<SegmentationLoss> parse_segmentation_loss(std::string_view text);
const std::vector<std::string>& segmentation_loss_names();

// True for "none", "balanced" and a comma-separated list of finite weights ≥ 0, not all 0.
bool is_valid_class_weights(std::string_view text);
// The explicit weights of a list; nullopt for "none", "balanced" or anything refused.
std::optional<std::vector<double>> parse_class_weight_list(std::string_view text);
// scikit-learn's "balanced" weights: n_samples / (n_classes × counts[c]); a class without
// samples gets 0 (it never appears, so its weight is never used).
std::vector<double> balanced_class_weights(const std::vector<std::int64_t>& counts);

}  // namespace convstudio
