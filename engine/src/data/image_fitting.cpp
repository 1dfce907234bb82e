#include "data/image_fitting.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace convstudio {

FitGeometry fit_geometry(int width, int height, int target_width, int target_height, FitMode fit) {
  const cv::Rect whole(0, 0, width, height);
  const cv::Rect target(0, 0, target_width, target_height);
  const double sx = static_cast<double>(target_width) / width;
  const double sy = static_cast<double>(target_height) / height;
  switch (fit) {
    case FitMode::Stretch:
      return {whole, target};
    case FitMode::ResizeCrop: {
      // Scaling the shorter side to fit and cutting the centre of the result is the same as
      // cutting the centre region of the target's aspect ratio and scaling only that.
      const double scale = std::max(sx, sy);
      const int w = std::clamp(static_cast<int>(std::lround(target_width / scale)), 1, width);
      const int h = std::clamp(static_cast<int>(std::lround(target_height / scale)), 1, height);
      return {cv::Rect((width - w) / 2, (height - h) / 2, w, h), target};
    }
    case FitMode::Pad: {
      const double scale = std::min(sx, sy);
      const int w = std::clamp(static_cast<int>(std::lround(width * scale)), 1, target_width);
      const int h = std::clamp(static_cast<int>(std::lround(height * scale)), 1, target_height);
      return {whole, cv::Rect((target_width - w) / 2, (target_height - h) / 2, w, h)};
    }
  }
  return {whole, target};
}

void fit_image(const cv::Mat& image, bool bgr, int channels, int height, int width, FitMode fit,
               std::uint8_t* planar) {
  // Colour conversions first when they shrink the data (to grey), after scaling otherwise.
  cv::Mat source = image;
  if (source.channels() == 4) {
    cv::cvtColor(source, source, bgr ? cv::COLOR_BGRA2BGR : cv::COLOR_RGBA2RGB);
  }
  if (source.channels() == 3 && channels == 1) {
    cv::cvtColor(source, source, bgr ? cv::COLOR_BGR2GRAY : cv::COLOR_RGB2GRAY);
  }

  const FitGeometry geometry = fit_geometry(source.cols, source.rows, width, height, fit);
  cv::Mat region = source(geometry.source);
  cv::Mat sized = region;
  if (region.size() != geometry.placed.size()) {
    const bool shrinking =
        region.cols >= geometry.placed.width && region.rows >= geometry.placed.height;
    cv::resize(region, sized, geometry.placed.size(), 0, 0,
               shrinking ? cv::INTER_AREA : cv::INTER_LINEAR);
  }

  const std::size_t plane = static_cast<std::size_t>(height) * static_cast<std::size_t>(width);
  if (geometry.placed.size() != cv::Size(width, height)) {
    std::memset(planar, 0, plane * static_cast<std::size_t>(channels));
  }
  std::vector<cv::Mat> planes;
  for (int c = 0; c < channels; ++c) {
    const cv::Mat whole(height, width, CV_8UC1, planar + static_cast<std::size_t>(c) * plane);
    planes.push_back(whole(geometry.placed));
  }
  // mixChannels splits and reorders in one pass, writing into the planes we point it at.
  std::vector<int> from_to;
  for (int c = 0; c < channels; ++c) {
    from_to.push_back(sized.channels() == 1 ? 0 : (bgr ? 2 - c : c));
    from_to.push_back(c);
  }
  cv::mixChannels(std::vector<cv::Mat>{sized}, planes, from_to);
}

}  // namespace convstudio
