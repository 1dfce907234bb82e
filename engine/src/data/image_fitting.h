#pragma once
// Bringing one decoded image to the channel count and size the model takes, by the dataset's
// fit mode, and writing it as planar bytes straight into the caller's buffer.

#include <cstdint>

#include <opencv2/core/mat.hpp>

#include "convstudio/model/dataset_settings.h"

namespace convstudio {

// The source region and placement `fit` gives an image of `width` x `height` in a target of
// `target_width` x `target_height`: `source` is cut from the image, scaled to `placed`'s size
// and written at `placed` (the rest of the target is black; only Pad leaves any).
struct FitGeometry {
  cv::Rect source;
  cv::Rect placed;
};
FitGeometry fit_geometry(int width, int height, int target_width, int target_height, FitMode fit);

// Writes an interleaved 8-bit image (1, 3 or 4 channels; `bgr` says whether colour is in
// OpenCV's BGR order) as planar RGB or grey, channels x height x width, into `planar`. Grey
// becomes three equal planes; colour becomes grey by ITU-R 601 luma; alpha is dropped. Shrinking
// uses area averaging (no aliasing), enlarging bilinear interpolation.
void fit_image(const cv::Mat& image, bool bgr, int channels, int height, int width, FitMode fit,
               std::uint8_t* planar);

}  // namespace convstudio
