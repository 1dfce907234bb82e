#include "convstudio/model/dataset_settings.h"

namespace convstudio {

std::string to_string(DatasetKind source) {
  switch (source) {
    case DatasetKind::FashionMnist:
      return "fashion-mnist";
    case DatasetKind::Idx:
      return "idx";
    case DatasetKind::ImageFolder:
      return "imagefolder";
  }
  return "fashion-mnist";
}

std::string to_string(ValidationSplit split) {
  return split == ValidationSplit::TestSet ? "test-set" : "fraction";
}

std::optional<DatasetKind> parse_dataset_kind(std::string_view text) {
  if (text == "fashion-mnist") return DatasetKind::FashionMnist;
  if (text == "idx") return DatasetKind::Idx;
  if (text == "imagefolder") return DatasetKind::ImageFolder;
  return std::nullopt;
}

std::optional<ValidationSplit> parse_validation_split(std::string_view text) {
  if (text == "test-set") return ValidationSplit::TestSet;
  if (text == "fraction") return ValidationSplit::Fraction;
  return std::nullopt;
}

}  // namespace convstudio
