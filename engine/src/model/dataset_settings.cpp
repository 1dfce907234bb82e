#include "convstudio/model/dataset_settings.h"

namespace convstudio {

std::string to_string(DatasetSource source) {
  switch (source) {
    case DatasetSource::FashionMnist:
      return "fashion-mnist";
    case DatasetSource::Idx:
      return "idx";
    case DatasetSource::ImageFolder:
      return "imagefolder";
  }
  return "fashion-mnist";
}

std::string to_string(ValidationSplit split) {
  return split == ValidationSplit::TestSet ? "test-set" : "fraction";
}

std::optional<DatasetSource> parse_dataset_source(std::string_view text) {
  if (text == "fashion-mnist") return DatasetSource::FashionMnist;
  if (text == "idx") return DatasetSource::Idx;
  if (text == "imagefolder") return DatasetSource::ImageFolder;
  return std::nullopt;
}

std::optional<ValidationSplit> parse_validation_split(std::string_view text) {
  if (text == "test-set") return ValidationSplit::TestSet;
  if (text == "fraction") return ValidationSplit::Fraction;
  return std::nullopt;
}

}  // namespace convstudio
