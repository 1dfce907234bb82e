#include "convstudio/model/dataset_settings.h"

#include "convstudio/model/dataset_format.h"
#include "convstudio/model/setting_table.h"

namespace convstudio {

// The names live with the formats (engine/src/data/formats/<home>/).
std::string to_string(DatasetKind source) {
  return std::string(dataset_format(source).name);
}

std::string to_string(ValidationSplit split) {
  switch (split) {
    case ValidationSplit::TestSet:
      return "test-set";
    case ValidationSplit::Fraction:
      return "fraction";
    case ValidationSplit::Fold:
      return "fold";
  }
  return "test-set";
}

std::string to_string(FitMode fit) {
  switch (fit) {
    case FitMode::ResizeCrop:
      return "resize-crop";
    case FitMode::Stretch:
      return "stretch";
    case FitMode::Pad:
      return "pad";
  }
  return "resize-crop";
}

std::string to_string(CacheMode cache) {
  switch (cache) {
    case CacheMode::Auto:
      return "auto";
    case CacheMode::On:
      return "on";
    case CacheMode::Off:
      return "off";
  }
  return "auto";
}

// Each enum's words from its to_string, so a word is spelt in one place.
// The data-set formats' names come from their registry (engine/src/data/formats).
const std::vector<std::string>& dataset_kind_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const DatasetFormat& format : dataset_formats()) all.emplace_back(format.name);
    return all;
  }();
  return names;
}

const std::vector<std::string>& validation_split_names() {
  static const std::vector<std::string> names = {to_string(ValidationSplit::TestSet),
                                                 to_string(ValidationSplit::Fraction),
                                                 to_string(ValidationSplit::Fold)};
  return names;
}

const std::vector<std::string>& fit_mode_names() {
  static const std::vector<std::string> names = {
      to_string(FitMode::ResizeCrop), to_string(FitMode::Stretch), to_string(FitMode::Pad)};
  return names;
}

const std::vector<std::string>& cache_mode_names() {
  static const std::vector<std::string> names = {
      to_string(CacheMode::Auto), to_string(CacheMode::On), to_string(CacheMode::Off)};
  return names;
}

std::optional<DatasetKind> parse_dataset_kind(std::string_view text) {
  const DatasetFormat* format = find_dataset_format(text);
  if (format == nullptr) return std::nullopt;
  return format->kind;
}

std::optional<ValidationSplit> parse_validation_split(std::string_view text) {
  if (text == "test-set") return ValidationSplit::TestSet;
  if (text == "fraction") return ValidationSplit::Fraction;
  if (text == "fold") return ValidationSplit::Fold;
  return std::nullopt;
}

std::optional<FitMode> parse_fit_mode(std::string_view text) {
  if (text == "resize-crop") return FitMode::ResizeCrop;
  if (text == "stretch") return FitMode::Stretch;
  if (text == "pad") return FitMode::Pad;
  return std::nullopt;
}

std::optional<CacheMode> parse_cache_mode(std::string_view text) {
  if (text == "auto") return CacheMode::Auto;
  if (text == "on") return CacheMode::On;
  if (text == "off") return CacheMode::Off;
  return std::nullopt;
}

}  // namespace convstudio
