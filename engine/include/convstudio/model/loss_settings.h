#pragma once
// How the loss counts classes and which validation figure judges a run: class weights, label
// smoothing and the best-checkpoint metric, one group of TrainingSettings (issue 34).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace convstudio {

// Which validation figure "best checkpoint" keeps and early stopping watches. Accuracy: the best
// checkpoint follows accuracy and early stopping the validation loss, as before the setting
// existed; the others drive both (higher is better).
enum class BestMetric { Accuracy, BalancedAccuracy, MacroF1 };

struct LossSettings {
  // "none", "balanced" (scikit-learn's compute_class_weight("balanced"): n_samples /
  // (n_classes × count of the class), from the training split), or one weight per class in
  // class order, separated by commas ("1,5,2.5").
  std::string class_weights = "none";
  // Cross-entropy against (1 − ε) × the label + ε / classes (PyTorch's label_smoothing).
  double label_smoothing = 0;
  BestMetric best_metric = BestMetric::Accuracy;

  bool operator==(const LossSettings&) const = default;
};

inline constexpr double kMaxLabelSmoothing = 0.5;

std::string to_string(BestMetric metric);  // "accuracy" | "balanced_accuracy" | "macro_f1"
std::optional<BestMetric> parse_best_metric(std::string_view text);
const std::vector<std::string>& best_metric_names();

// True for "none", "balanced" and a comma-separated list of finite weights ≥ 0, not all 0.
bool is_valid_class_weights(std::string_view text);
// The explicit weights of a list; nullopt for "none", "balanced" or anything refused.
std::optional<std::vector<double>> parse_class_weight_list(std::string_view text);
// scikit-learn's "balanced" weights: n_samples / (n_classes × counts[c]); a class without
// samples gets 0 (it never appears, so its weight is never used).
std::vector<double> balanced_class_weights(const std::vector<std::int64_t>& counts);

}  // namespace convstudio
