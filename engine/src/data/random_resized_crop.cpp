#include "data/random_resized_crop.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace convstudio {

CropBox random_resized_crop_box(int width, int height, const AugmentationOptions& options,
                                SeededRandom& random) {
  const double area = static_cast<double>(width) * height;
  const double min_ratio = std::log(options.crop_min_ratio);
  const double max_ratio = std::log(options.crop_max_ratio);
  for (int attempt = 0; attempt < 10; ++attempt) {
    const double target_area =
        area * random.uniform(options.crop_min_scale, options.crop_max_scale);
    const double aspect = std::exp(random.uniform(min_ratio, max_ratio));
    const auto w = static_cast<int>(std::lround(std::sqrt(target_area * aspect)));
    const auto h = static_cast<int>(std::lround(std::sqrt(target_area / aspect)));
    if (w > 0 && w <= width && h > 0 && h <= height) {
      const auto y = static_cast<int>(random.below(static_cast<std::uint64_t>(height - h + 1)));
      const auto x = static_cast<int>(random.below(static_cast<std::uint64_t>(width - w + 1)));
      return {x, y, w, h};
    }
  }
  // No try fitted: the largest central crop within the ratio range.
  const double in_ratio = static_cast<double>(width) / height;
  int w = width;
  int h = height;
  if (in_ratio < options.crop_min_ratio) {
    h = std::clamp(static_cast<int>(std::lround(w / options.crop_min_ratio)), 1, height);
  } else if (in_ratio > options.crop_max_ratio) {
    w = std::clamp(static_cast<int>(std::lround(h * options.crop_max_ratio)), 1, width);
  }
  return {(width - w) / 2, (height - h) / 2, w, h};
}

void resized_crop(const std::uint8_t* source, std::uint8_t* destination, int channels, int height,
                  int width, const CropBox& box, bool nearest) {
  const std::size_t plane = static_cast<std::size_t>(height) * static_cast<std::size_t>(width);
  const cv::Rect region(box.x, box.y, box.width, box.height);
  for (int c = 0; c < channels; ++c) {
    const cv::Mat in(height, width, CV_8UC1,
                     const_cast<std::uint8_t*>(source) + static_cast<std::size_t>(c) * plane);
    cv::Mat out(height, width, CV_8UC1, destination + static_cast<std::size_t>(c) * plane);
    if (box.width == width && box.height == height) {
      in.copyTo(out);
    } else {
      cv::resize(in(region), out, out.size(), 0, 0,
                 nearest ? cv::INTER_NEAREST_EXACT : cv::INTER_LINEAR);
    }
  }
}

}  // namespace convstudio
