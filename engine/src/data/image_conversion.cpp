#include "data/image_conversion.h"

#include <vector>

#include <opencv2/core.hpp>

#include "data/image_fitting.h"
#include "data/parallel_range.h"

namespace convstudio {

ImageSet convert_images(const ImageSet& images, int channels, int height, int width, FitMode fit) {
  ImageSet out;
  out.channels = channels;
  out.height = height;
  out.width = width;
  out.labels = images.labels;
  out.pixels.resize(static_cast<std::size_t>(images.size()) * out.image_bytes());
  const std::size_t plane = static_cast<std::size_t>(images.height) * images.width;

  // In-memory bytes of a known shape: nothing here can fail per image but memory, which the
  // caller turns into an error for the whole set.
  parallel_range(images.size(), [&](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) {
      cv::Mat interleaved;
      std::vector<cv::Mat> source_planes;
      for (int c = 0; c < images.channels; ++c) {
        source_planes.emplace_back(images.height, images.width, CV_8UC1,
                                   const_cast<std::uint8_t*>(images.image(i)) + c * plane);
      }
      cv::merge(source_planes, interleaved);
      fit_image(interleaved, false, channels, height, width, fit, out.image(i));
    }
  });
  return out;
}

}  // namespace convstudio
