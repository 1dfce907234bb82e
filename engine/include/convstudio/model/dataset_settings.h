#pragma once
// Which data a model is trained on and how it is prepared: the dataset half of a project file.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace convstudio {

enum class DatasetKind { FashionMnist, Idx, ImageFolder };
enum class ValidationSplit { TestSet, Fraction };

// Random augmentation applied to training images only; all off by default.
struct AugmentationSettings {
  std::int64_t random_crop_padding = 0;  // pixels of zero padding before a random crop; 0 = off
  bool horizontal_flip = false;
  double rotation_degrees = 0;  // uniform in [-d, d]; 0 = off
  double brightness = 0;        // factor in [1-b, 1+b]; 0 = off
  double contrast = 0;          // factor in [1-c, 1+c]; 0 = off

  bool operator==(const AugmentationSettings&) const = default;
};

// Every dataset option with its default, declared once. Input override 0 keeps the dataset's
// native channels/height/width; otherwise images are converted and resized to it.
struct DatasetSettings {
  DatasetKind source = DatasetKind::FashionMnist;
  // Folder of the data; empty means the built-in location for fashion-mnist
  // (/usr/share/datasets/fashion-mnist). For idx: the folder with the IDX pairs; for
  // imagefolder: root/<class>/*.png|jpg|bmp.
  std::string path;
  // TestSet uses the dataset's test split (fashion-mnist, idx); Fraction holds out a seeded
  // share of the training data (the only choice for imagefolder).
  ValidationSplit validation = ValidationSplit::TestSet;
  double validation_fraction = 0.1;
  std::int64_t input_channels = 0;  // 0 = dataset native
  std::int64_t input_height = 0;
  std::int64_t input_width = 0;
  AugmentationSettings augmentation;
  bool normalize = true;  // subtract the mean and divide by the std computed from the data

  bool operator==(const DatasetSettings&) const = default;
};

std::string to_string(DatasetKind kind);       // "fashion-mnist" | "idx" | "imagefolder"
std::string to_string(ValidationSplit split);  // "test-set" | "fraction"
std::optional<DatasetKind> parse_dataset_kind(std::string_view text);
std::optional<ValidationSplit> parse_validation_split(std::string_view text);

}  // namespace convstudio
