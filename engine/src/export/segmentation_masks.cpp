#include "convstudio/export/segmentation_masks.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "convstudio/io/atomic_write.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

std::optional<Error> write_png(const cv::Mat& image, const fs::path& file) {
  std::vector<std::uint8_t> bytes;
  if (!cv::imencode(".png", image, bytes)) {
    return Error::in_file(file.string(), "OpenCV cannot encode the mask as PNG");
  }
  return write_file_atomically(
      file, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

}  // namespace

std::vector<std::uint8_t> colour_mask(const SegmentationPrediction& prediction,
                                      const PreprocessingContract& contract) {
  std::vector<std::uint8_t> rgb;
  rgb.reserve(prediction.classes.size() * 3);
  for (std::int32_t index : prediction.classes) {
    const ClassColour colour = contract.colour_of(index);
    rgb.insert(rgb.end(), colour.begin(), colour.end());
  }
  return rgb;
}

Result<MaskFiles> write_mask_files(const SegmentationPrediction& prediction,
                                   const PreprocessingContract& contract, const fs::path& folder,
                                   const std::string& stem) {
  const int height = prediction.height();
  const int width = prediction.width();
  MaskFiles files{folder / (stem + "_mask.png"), folder / (stem + "_colour.png")};
  if (prediction.error || prediction.classes.size() !=
                              static_cast<std::size_t>(height) * static_cast<std::size_t>(width)) {
    return Error::in_file(prediction.image, prediction.error.value_or("holds no mask"));
  }
  // Index PNGs as mask data sets hold them: 8-bit while every class fits, else 16-bit.
  const bool wide = prediction.pixel_counts.size() > 256;
  cv::Mat mask(height, width, wide ? CV_16UC1 : CV_8UC1);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const std::int32_t index =
          prediction.classes[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                             static_cast<std::size_t>(x)];
      if (wide) {
        mask.at<std::uint16_t>(y, x) = static_cast<std::uint16_t>(index);
      } else {
        mask.at<std::uint8_t>(y, x) = static_cast<std::uint8_t>(index);
      }
    }
  }
  if (auto error = write_png(mask, files.mask)) return *error;
  std::vector<std::uint8_t> rgb = colour_mask(prediction, contract);
  cv::Mat colour;
  // OpenCV writes BGR.
  cv::cvtColor(cv::Mat(height, width, CV_8UC3, rgb.data()), colour, cv::COLOR_RGB2BGR);
  if (auto error = write_png(colour, files.colour)) return *error;
  return files;
}

}  // namespace convstudio
