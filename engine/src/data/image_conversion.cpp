#include "data/image_conversion.h"

#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "data/parallel_range.h"

namespace convstudio {

void write_planar(const cv::Mat& image, bool bgr, std::uint8_t* destination, int channels,
                  int height, int width) {
  cv::Mat sized = image;
  if (image.rows != height || image.cols != width) {
    // Area averaging when shrinking avoids aliasing; bilinear when enlarging.
    const bool shrinking = image.rows >= height && image.cols >= width;
    cv::resize(image, sized, cv::Size(width, height), 0, 0,
               shrinking ? cv::INTER_AREA : cv::INTER_LINEAR);
  }
  cv::Mat converted = sized;
  if (sized.channels() == 4) {
    cv::cvtColor(sized, converted, bgr ? cv::COLOR_BGRA2BGR : cv::COLOR_RGBA2RGB);
  }
  if (converted.channels() == 3 && channels == 1) {
    cv::cvtColor(cv::Mat(converted), converted, bgr ? cv::COLOR_BGR2GRAY : cv::COLOR_RGB2GRAY);
  }

  const std::size_t plane = static_cast<std::size_t>(height) * static_cast<std::size_t>(width);
  std::vector<cv::Mat> planes;
  for (int c = 0; c < channels; ++c) {
    planes.emplace_back(height, width, CV_8UC1, destination + static_cast<std::size_t>(c) * plane);
  }
  // mixChannels splits and reorders in one pass, writing into the planes we point it at.
  std::vector<int> from_to;
  for (int c = 0; c < channels; ++c) {
    const int source = converted.channels() == 1 ? 0 : (bgr ? 2 - c : c);
    from_to.push_back(source);
    from_to.push_back(c);
  }
  cv::mixChannels(std::vector<cv::Mat>{converted}, planes, from_to);
}

ImageSet convert_images(const ImageSet& images, int channels, int height, int width) {
  ImageSet out;
  out.channels = channels;
  out.height = height;
  out.width = width;
  out.labels = images.labels;
  out.pixels.resize(static_cast<std::size_t>(images.size()) * out.image_bytes());
  const std::size_t plane = static_cast<std::size_t>(images.height) * images.width;

  parallel_range(images.size(), [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) {
      cv::Mat interleaved;
      std::vector<cv::Mat> source_planes;
      for (int c = 0; c < images.channels; ++c) {
        source_planes.emplace_back(images.height, images.width, CV_8UC1,
                                   const_cast<std::uint8_t*>(images.image(i)) + c * plane);
      }
      cv::merge(source_planes, interleaved);
      write_planar(interleaved, false, out.image(i), channels, height, width);
    }
  });
  return out;
}

}  // namespace convstudio
