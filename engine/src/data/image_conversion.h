#pragma once
// Bringing images to the channel count and size the model takes: resizing with OpenCV and
// writing planar C x H x W bytes straight into an ImageSet's buffer.

#include <cstdint>

#include <opencv2/core/mat.hpp>

#include "convstudio/data/image_set.h"

namespace convstudio {

// Writes an interleaved 8-bit OpenCV image (1, 3 or 4 channels; `bgr` says whether colour
// images are in OpenCV's BGR order) as planar RGB or grey into `destination`. Grey becomes
// three equal planes; colour becomes grey by luminance; alpha is dropped.
void write_planar(const cv::Mat& image, bool bgr, std::uint8_t* destination, int channels,
                  int height, int width);

// The whole set converted to channels x height x width, using all cores.
ImageSet convert_images(const ImageSet& images, int channels, int height, int width);

}  // namespace convstudio
