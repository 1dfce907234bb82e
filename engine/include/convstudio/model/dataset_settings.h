#pragma once
// Which data a model is trained on and how it is prepared: the dataset half of a project file.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace convstudio {

enum class DatasetKind { FashionMnist, Idx, ImageFolder, Csv };
enum class ValidationSplit { TestSet, Fraction, Fold };

// How an image of another size is brought to the Input block's height x width. ResizeCrop
// scales the shorter side to fit and cuts the centre; Stretch scales each side on its own
// (the aspect ratio changes); Pad scales the longer side to fit and fills the rest with black.
enum class FitMode { ResizeCrop, Stretch, Pad };

// Whether decoded images are kept in memory after their first use. Auto keeps them when the
// whole set (fitted to the input size) fits the budget; On always; Off reads every file every
// epoch, so memory stays bounded whatever the set's size.
enum class CacheMode { Auto, On, Off };

// Random augmentation applied to training images only; all off by default.
struct AugmentationSettings {
  std::int64_t random_crop_padding = 0;  // pixels of zero padding before a random crop; 0 = off
  bool horizontal_flip = false;
  double rotation_degrees = 0;  // uniform in [-d, d]; 0 = off
  double brightness = 0;        // factor in [1-b, 1+b]; 0 = off
  double contrast = 0;          // factor in [1-c, 1+c]; 0 = off
  // Crop a random part of the image (area share in [min_scale, max_scale], aspect ratio in
  // [min_ratio, max_ratio], as torchvision's RandomResizedCrop) and scale it back to size.
  bool random_resized_crop = false;
  double crop_min_scale = 0.08;
  double crop_max_scale = 1.0;
  double crop_min_ratio = 3.0 / 4.0;
  double crop_max_ratio = 4.0 / 3.0;
  // Probability of painting a random rectangle of noise over the image (Zhong et al., "Random
  // Erasing Data Augmentation"; area share and aspect ratio as torchvision's RandomErasing);
  // 0 = off.
  double random_erasing = 0;

  bool operator==(const AugmentationSettings&) const = default;
};

// Every dataset option with its default, declared once. Input override 0 keeps the dataset's
// native channels/height/width; otherwise images are converted and resized to it.
struct DatasetSettings {
  DatasetKind source = DatasetKind::FashionMnist;
  // Folder of the data; empty means the built-in location for fashion-mnist
  // (/usr/share/datasets/fashion-mnist). For idx: the folder with the IDX pairs; for
  // imagefolder: root/<class>/*.png|jpg|bmp; for csv: the labels file (path,label rows).
  std::string path;
  // csv: whether rows may name files outside the CSV's folder (`..`, absolute paths, links
  // leading out). Off, such a row is refused, so a list from someone else reads only its own
  // folder.
  bool allow_paths_outside = false;
  // TestSet uses the dataset's test split (fashion-mnist, idx); Fraction holds out a seeded
  // share of the training data (the only choice for imagefolder); Fold validates on fold
  // `validation_fold` of the training data dealt into `folds` by `fold_seed` (a k-fold study's
  // trial; assign_folds in runs/study_folds.h) and trains on the other folds.
  ValidationSplit validation = ValidationSplit::TestSet;
  double validation_fraction = 0.1;
  std::int64_t folds = 5;
  std::int64_t validation_fold = 0;  // 0 .. folds-1
  std::int64_t fold_seed = 0;        // the study's seed: the same seed deals the same folds
  bool stratified_folds = false;     // every fold holds each class within ±1 of its share
  std::int64_t input_channels = 0;   // 0 = dataset native
  std::int64_t input_height = 0;
  std::int64_t input_width = 0;
  FitMode fit = FitMode::ResizeCrop;
  CacheMode cache = CacheMode::Auto;
  std::int64_t cache_budget_mb = 0;  // Auto's budget; 0 = a quarter of the physical memory
  AugmentationSettings augmentation;
  bool normalize = true;  // subtract the mean and divide by the std computed from the data
  // Segmentation: the mask value that marks pixels no loss or metric counts (unlabelled or
  // border pixels; 255 as in Pascal VOC and Cityscapes). Masks are int64 N×H×W targets holding
  // 0..K-1 or this value.
  std::int64_t ignore_label = 255;

  bool operator==(const DatasetSettings&) const = default;
};

std::string to_string(DatasetKind kind);       // "fashion-mnist" | "idx" | "imagefolder" | "csv"
std::string to_string(ValidationSplit split);  // "test-set" | "fraction" | "fold"
std::string to_string(FitMode fit);            // "resize-crop" | "stretch" | "pad"
std::string to_string(CacheMode cache);        // "auto" | "on" | "off"
std::optional<DatasetKind> parse_dataset_kind(std::string_view text);
std::optional<ValidationSplit> parse_validation_split(std::string_view text);
std::optional<FitMode> parse_fit_mode(std::string_view text);
std::optional<CacheMode> parse_cache_mode(std::string_view text);

}  // namespace convstudio
