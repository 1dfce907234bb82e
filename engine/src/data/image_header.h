#pragma once
// The size and pixel layout of an encoded image, read from its header without decoding it, so
// a file claiming billions of pixels (a decompression bomb) is refused before any memory is
// spent, and a folder's channel count and sizes can be learnt cheaply. PNG, JPEG, BMP, WebP,
// TIFF and PNM: the formats the data loader and `predict` accept. OpenCV decodes these formats
// but exposes no header probe, so the few fields needed are read here by hand, following each
// format's specification.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace convstudio {

struct ImageHeader {
  enum class Format { Png, Jpeg, Bmp, WebP, Tiff, Pnm };
  Format format = Format::Png;
  std::int64_t width = 0;
  std::int64_t height = 0;
  bool grey = false;   // stored as one grey channel (or a palette of greys)
  bool alpha = false;  // has an alpha channel or a transparency chunk
  bool cmyk = false;   // JPEG or TIFF with four ink channels
  int bits = 8;        // bits per channel sample

  std::string format_name() const;
};

// The header of the encoded image in `data`, or nullopt when it is not one of the formats
// above or is cut off before its size.
std::optional<ImageHeader> probe_image_header(const std::uint8_t* data, std::size_t size);

}  // namespace convstudio
