#pragma once
// Reads a segmentation mask file into a plane of class indices, the one way training, previews
// and the data-set scan read masks: an 8- or 16-bit single-channel PNG holds class indices; a
// colour (RGB or palette) PNG is mapped to classes by their colours (the classes file's, or the
// Pascal VOC colours of default_class_colour). A pixel holding the ignore label (or, in a colour
// mask, the ignore label's default colour, VOC's border colour for 255) becomes kMaskIgnore.
// Fitting to the input size uses the image's geometry with nearest neighbour, so no new class
// appears, and Pad fills with kMaskIgnore.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "convstudio/data/class_colours.h"
#include "convstudio/error.h"
#include "convstudio/model/dataset_settings.h"
#include "data/image_decoder.h"

namespace convstudio {

// How mask pixels become classes.
struct MaskClasses {
  // 0: not known yet (a data set without a classes file: the classes are the values found).
  std::size_t count = 0;
  // Colour masks are read by these (one per class); empty: by default_class_colour.
  std::vector<ClassColour> colours;
  std::int64_t ignore_label = 255;
};

// The mask in `path` as CV_8UC1 class indices at its own size (kMaskIgnore for ignored pixels),
// or an error naming the file: not an image, a value that is neither a class nor the ignore
// label, a colour that is no class's.
std::optional<Error> decode_mask(const std::string& path, const MaskClasses& classes,
                                 cv::Mat& plane);

// Brings `plane` to height x width as fit_image brings its image (the same source region and
// placement), by nearest neighbour, into `out` (height x width bytes).
void fit_mask(const cv::Mat& plane, int height, int width, FitMode fit, std::uint8_t* out);

// decode_mask then fit_mask to `target`'s size; nothing escapes but the error.
std::optional<Error> read_mask_file(const std::string& path, const MaskClasses& classes,
                                    const ImageTarget& target, std::uint8_t* out);

}  // namespace convstudio
