#include "convstudio/model/loss_settings.h"

#include <charconv>
#include <cmath>

namespace convstudio {
namespace {

std::string_view trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

std::optional<double> weight_of(std::string_view text) {
  text = trimmed(text);
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return {};
  if (!std::isfinite(value) || value < 0) return {};
  return value;
}

}  // namespace

const std::vector<std::string>& best_metric_names() {
  static const std::vector<std::string> names = {"accuracy", "balanced_accuracy", "macro_f1",
                                                 "miou"};
  return names;
}

std::string to_string(BestMetric metric) {
  return best_metric_names()[static_cast<std::size_t>(metric)];
}

std::optional<BestMetric> parse_best_metric(std::string_view text) {
  const auto& names = best_metric_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (text == names[i]) return static_cast<BestMetric>(i);
  }
  return std::nullopt;
}

const std::vector<std::string>& segmentation_loss_names() {
  static const std::vector<std::string> names = {"cross-entropy", "dice", "cross-entropy+dice"};
  return names;
}

std::string to_string(SegmentationLoss loss) {
  return segmentation_loss_names()[static_cast<std::size_t>(loss)];
}

std::optional<SegmentationLoss> parse_segmentation_loss(std::string_view text) {
  const auto& names = segmentation_loss_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (text == names[i]) return static_cast<SegmentationLoss>(i);
  }
  return std::nullopt;
}

const std::vector<std::string>& sampler_kind_names() {
  static const std::vector<std::string> names = {"shuffle", "class-balanced"};
  return names;
}

std::string to_string(SamplerKind sampler) {
  return sampler_kind_names()[static_cast<std::size_t>(sampler)];
}

std::optional<SamplerKind> parse_sampler_kind(std::string_view text) {
  const auto& names = sampler_kind_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (text == names[i]) return static_cast<SamplerKind>(i);
  }
  return std::nullopt;
}

std::optional<std::vector<double>> parse_class_weight_list(std::string_view text) {
  std::vector<double> weights;
  double total = 0;
  while (true) {
    const auto comma = text.find(',');
    const std::optional<double> weight = weight_of(text.substr(0, comma));
    if (!weight) return std::nullopt;
    weights.push_back(*weight);
    total += *weight;
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  if (!(total > 0)) return std::nullopt;  // all zero: nothing would be learnt
  return weights;
}

bool is_valid_class_weights(std::string_view text) {
  return text == "none" || text == "balanced" || parse_class_weight_list(text).has_value();
}

std::vector<double> balanced_class_weights(const std::vector<std::int64_t>& counts) {
  std::int64_t samples = 0;
  for (const std::int64_t count : counts) samples += count;
  std::vector<double> weights;
  weights.reserve(counts.size());
  const auto classes = static_cast<double>(counts.size());
  for (const std::int64_t count : counts) {
    weights.push_back(
        count > 0 ? static_cast<double>(samples) / (classes * static_cast<double>(count)) : 0.0);
  }
  return weights;
}

}  // namespace convstudio
