#include "data/mask_reading.h"

#include <algorithm>
#include <new>
#include <unordered_map>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "convstudio/data/sample_set.h"
#include "data/image_fitting.h"

namespace convstudio {
namespace {

std::string at_pixel(int x, int y) {
  return " at pixel (" + std::to_string(x) + ", " + std::to_string(y) + ")";
}

std::string class_range(std::size_t count) {
  return count == 1 ? "the only class is 0" : "classes are 0 to " + std::to_string(count - 1);
}

std::uint32_t packed(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  return (std::uint32_t{r} << 16) | (std::uint32_t{g} << 8) | b;
}

// Index masks: each value is a class, the ignore label, or an error.
template <typename Value>
std::optional<Error> map_values(const std::string& path, const cv::Mat& decoded,
                                const MaskClasses& classes, cv::Mat& plane) {
  const std::int64_t limit =
      classes.count > 0 ? static_cast<std::int64_t>(classes.count) : std::int64_t{kMaskIgnore};
  for (int y = 0; y < decoded.rows; ++y) {
    const Value* row = decoded.ptr<Value>(y);
    std::uint8_t* out = plane.ptr<std::uint8_t>(y);
    for (int x = 0; x < decoded.cols; ++x) {
      const std::int64_t value = row[x];
      if (value == classes.ignore_label) {
        out[x] = kMaskIgnore;
      } else if (value < limit) {
        out[x] = static_cast<std::uint8_t>(value);
      } else {
        return Error::in_file(
            path, "mask value " + std::to_string(value) + at_pixel(x, y) + " is not a class (" +
                      (classes.count > 0 ? class_range(classes.count)
                                         : std::string("a mask holds classes 0 to 254")) +
                      ") nor the ignore label " + std::to_string(classes.ignore_label));
      }
    }
  }
  return std::nullopt;
}

// Colour masks: each colour is a class's, the ignore label's default colour, or an error.
std::optional<Error> map_colours(const std::string& path, const cv::Mat& bgr,
                                 const MaskClasses& classes, cv::Mat& plane) {
  std::unordered_map<std::uint32_t, std::uint8_t> class_of;
  const std::size_t count = classes.count > 0 ? classes.count : kMaskIgnore;
  for (std::size_t c = 0; c < count; ++c) {
    const ClassColour colour = c < classes.colours.size()
                                   ? classes.colours[c]
                                   : default_class_colour(static_cast<std::int64_t>(c));
    class_of.emplace(packed(colour[0], colour[1], colour[2]), static_cast<std::uint8_t>(c));
  }
  if (classes.ignore_label >= 0 && classes.ignore_label <= 255) {
    const ClassColour ignored = default_class_colour(classes.ignore_label);
    class_of.emplace(packed(ignored[0], ignored[1], ignored[2]), kMaskIgnore);
  }
  std::uint32_t last_colour = 0xFFFFFFFFu;
  std::uint8_t last_class = 0;
  for (int y = 0; y < bgr.rows; ++y) {
    const cv::Vec3b* row = bgr.ptr<cv::Vec3b>(y);
    std::uint8_t* out = plane.ptr<std::uint8_t>(y);
    for (int x = 0; x < bgr.cols; ++x) {
      const std::uint32_t colour = packed(row[x][2], row[x][1], row[x][0]);
      if (colour != last_colour) {
        const auto found = class_of.find(colour);
        if (found == class_of.end()) {
          return Error::in_file(path, "colour (" + std::to_string(row[x][2]) + ", " +
                                          std::to_string(row[x][1]) + ", " +
                                          std::to_string(row[x][0]) + ")" + at_pixel(x, y) +
                                          " is no class's colour (see the classes file, or the "
                                          "Pascal VOC colours when there is none)");
        }
        last_colour = colour;
        last_class = found->second;
      }
      out[x] = last_class;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<Error> decode_mask(const std::string& path, const MaskClasses& classes,
                                 cv::Mat& plane) {
  try {
    std::vector<std::uint8_t> bytes;
    if (auto error = read_file_bytes(path, bytes)) return error;
    // Decoded unchanged (16 bits kept, grey not made colour), after the header and the pixel
    // limit are checked as decode_image checks them.
    const std::optional<ImageHeader> header = probe_image_header(bytes.data(), bytes.size());
    if (!header) {
      return Error::in_file(path, bytes.empty() ? std::string("is empty")
                                                : "is not a PNG, BMP, TIFF or PNM mask image");
    }
    if (header->width <= 0 || header->height <= 0 ||
        header->width > kMaxDecodedPixels / std::max<std::int64_t>(header->height, 1)) {
      return Error::in_file(path, "mask has no size, or is over the 64-megapixel limit");
    }
    const cv::Mat encoded(1, static_cast<int>(bytes.size()), CV_8UC1, bytes.data());
    cv::Mat decoded = cv::imdecode(encoded, cv::IMREAD_UNCHANGED);
    if (decoded.empty()) {
      return Error::in_file(path, "mask data cannot be decoded (corrupt or cut off)");
    }
    plane.create(decoded.rows, decoded.cols, CV_8UC1);
    if (decoded.channels() == 1) {
      if (decoded.depth() == CV_8U) return map_values<std::uint8_t>(path, decoded, classes, plane);
      if (decoded.depth() == CV_16U) {
        return map_values<std::uint16_t>(path, decoded, classes, plane);
      }
      return Error::in_file(path, "mask must hold 8- or 16-bit values");
    }
    if (decoded.depth() != CV_8U) {
      return Error::in_file(path, "a colour mask must hold 8 bits per channel");
    }
    if (decoded.channels() == 4) cv::cvtColor(decoded, decoded, cv::COLOR_BGRA2BGR);
    if (decoded.channels() != 3) {
      return Error::in_file(path, "mask must have one channel (class indices) or three (colours)");
    }
    return map_colours(path, decoded, classes, plane);
  } catch (const cv::Exception& error) {
    return Error::in_file(path, "mask cannot be decoded: " + error.err);
  } catch (const std::bad_alloc&) {
    return Error::in_file(path, "not enough memory to read the mask");
  }
}

void fit_mask(const cv::Mat& plane, int height, int width, FitMode fit, std::uint8_t* out) {
  const FitGeometry geometry = fit_geometry(plane.cols, plane.rows, width, height, fit);
  cv::Mat whole(height, width, CV_8UC1, out);
  if (geometry.placed.size() != whole.size()) whole.setTo(cv::Scalar(kMaskIgnore));
  cv::Mat placed = whole(geometry.placed);
  const cv::Mat region = plane(geometry.source);
  if (region.size() == placed.size()) {
    region.copyTo(placed);
  } else {
    // Pixel centres map as the image's resize maps them, and only values already there appear.
    cv::resize(region, placed, placed.size(), 0, 0, cv::INTER_NEAREST_EXACT);
  }
}

std::optional<Error> read_mask_file(const std::string& path, const MaskClasses& classes,
                                    const ImageTarget& target, std::uint8_t* out) {
  cv::Mat plane;
  if (auto error = decode_mask(path, classes, plane)) return error;
  try {
    fit_mask(plane, target.height, target.width, target.fit, out);
  } catch (const cv::Exception& error) {
    return Error::in_file(path, "mask cannot be fitted: " + error.err);
  }
  return std::nullopt;
}

}  // namespace convstudio
