#include "convstudio/data/dataset_request.h"

#include "convstudio/model/dataset_format.h"

namespace convstudio {

DatasetRequest dataset_request(const DatasetSettings& settings, std::uint64_t seed, int channels,
                               int height, int width) {
  DatasetRequest request;
  request.kind = settings.source;
  request.path = settings.path;
  request.allow_paths_outside = settings.allow_paths_outside;
  request.channels = channels > 0 ? channels : static_cast<int>(settings.input_channels);
  request.height = height > 0 ? height : static_cast<int>(settings.input_height);
  request.width = width > 0 ? width : static_cast<int>(settings.input_width);
  request.fit = settings.fit;
  request.cache = settings.cache;
  request.cache_budget_bytes = settings.cache_budget_mb * 1024 * 1024;
  request.validation_fraction =
      settings.validation == ValidationSplit::Fraction ? settings.validation_fraction : 0.0;
  request.split_seed = seed;
  request.ignore_label = settings.ignore_label;
  if (settings.validation == ValidationSplit::Fold) {
    request.folds = static_cast<int>(settings.folds);
    request.validation_fold = static_cast<int>(settings.validation_fold);
    request.fold_seed = static_cast<std::uint64_t>(settings.fold_seed);
    request.stratified_folds = settings.stratified_folds;
  }
  return request;
}

AugmentationOptions augmentation_options(const AugmentationSettings& settings) {
  AugmentationOptions options;
  options.crop_padding = static_cast<int>(settings.random_crop_padding);
  options.hflip = settings.horizontal_flip;
  options.rotation_degrees = static_cast<float>(settings.rotation_degrees);
  options.brightness = static_cast<float>(settings.brightness);
  options.contrast = static_cast<float>(settings.contrast);
  options.resized_crop = settings.random_resized_crop;
  options.crop_min_scale = static_cast<float>(settings.crop_min_scale);
  options.crop_max_scale = static_cast<float>(settings.crop_max_scale);
  options.crop_min_ratio = static_cast<float>(settings.crop_min_ratio);
  options.crop_max_ratio = static_cast<float>(settings.crop_max_ratio);
  options.erasing = static_cast<float>(settings.random_erasing);
  return options;
}

DatasetKind guess_dataset_kind(const std::string& path) {
  // A path no format recognises is read as an image folder, whose reader says what is wrong.
  const DatasetFormat* format = sniff_dataset_format(path);
  return format != nullptr ? format->kind : DatasetKind::ImageFolder;
}

}  // namespace convstudio
