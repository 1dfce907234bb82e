#include "convstudio/data/dataset_request.h"

#include <filesystem>

namespace convstudio {

DatasetRequest dataset_request(const DatasetSettings& settings, std::uint64_t seed, int channels,
                               int height, int width) {
  DatasetRequest request;
  request.kind = settings.source;
  request.path = settings.path;
  request.channels = channels > 0 ? channels : static_cast<int>(settings.input_channels);
  request.height = height > 0 ? height : static_cast<int>(settings.input_height);
  request.width = width > 0 ? width : static_cast<int>(settings.input_width);
  request.validation_fraction =
      settings.validation == ValidationSplit::Fraction ? settings.validation_fraction : 0.0;
  request.split_seed = seed;
  return request;
}

AugmentationOptions augmentation_options(const AugmentationSettings& settings) {
  AugmentationOptions options;
  options.crop_padding = static_cast<int>(settings.random_crop_padding);
  options.hflip = settings.horizontal_flip;
  options.rotation_degrees = static_cast<float>(settings.rotation_degrees);
  options.brightness = static_cast<float>(settings.brightness);
  options.contrast = static_cast<float>(settings.contrast);
  return options;
}

DatasetKind guess_dataset_kind(const std::string& folder) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
    if (entry.path().filename().string().find("idx3-ubyte") != std::string::npos) {
      return DatasetKind::Idx;
    }
  }
  return DatasetKind::ImageFolder;
}

}  // namespace convstudio
