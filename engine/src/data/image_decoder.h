#pragma once
// Reads one image file into planar C x H x W bytes at the input size, the one way every part of
// ConvStudio reads images (training, evaluation, previews, predict): header checked first (a
// file over kMaxDecodedPixels is refused before decoding), JPEGs decoded at a reduced scale
// when the fitted size allows it, EXIF orientation applied, then fitted (image_fitting.h).
// Every failure, including OpenCV exceptions and running out of memory, comes back as an
// error naming the file; nothing escapes to the calling thread.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "convstudio/error.h"
#include "convstudio/model/dataset_settings.h"
#include "data/image_header.h"

namespace convstudio {

// The most pixels one image may decode to: 64 megapixels (8192 x 8192). Larger images are
// refused with a reason; JPEGs count at the reduced scale they are decoded at.
inline constexpr std::int64_t kMaxDecodedPixels = std::int64_t{8192} * 8192;
// Files above this are not read at all.
inline constexpr std::int64_t kMaxImageFileBytes = std::int64_t{256} << 20;

struct ImageTarget {
  int channels = 3;  // 1 (grey) or 3 (RGB)
  int height = 0;
  int width = 0;
  FitMode fit = FitMode::ResizeCrop;
};

// The whole file, or an error (missing, unreadable, over kMaxImageFileBytes).
std::optional<Error> read_file_bytes(const std::string& path, std::vector<std::uint8_t>& bytes);

// Decodes `bytes` (the contents of `path`, named in errors) as grey or BGR 8-bit, at the
// largest JPEG reduction (1/2, 1/4, 1/8) that still leaves at least the pixels `target` needs.
// With target.height or width 0 the image is decoded at full size.
std::optional<Error> decode_image(const std::string& path, const std::vector<std::uint8_t>& bytes,
                                  const ImageTarget& target, cv::Mat& decoded);

// Reads, decodes and fits `path` into `planar` (target.channels x height x width bytes).
std::optional<Error> read_image_file(const std::string& path, const ImageTarget& target,
                                     std::uint8_t* planar);

// The header of `path` (reading only the file), or an error saying why there is none.
std::optional<Error> read_image_header(const std::string& path, ImageHeader& header);

// Tests only: called with the path at the start of every read_image_file(), on the reading
// thread; it may throw, to prove that failures are caught per file. Empty by default.
void set_image_read_hook_for_testing(std::function<void(const std::string& path)> hook);

}  // namespace convstudio
