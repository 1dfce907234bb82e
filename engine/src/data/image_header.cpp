#include "data/image_header.h"

#include <cctype>
#include <cstring>

namespace convstudio {
namespace {

using Format = ImageHeader::Format;

// Bounds-checked reads from the encoded bytes: every accessor says whether the bytes exist.
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  std::size_t size() const { return size_; }
  bool has(std::size_t offset, std::size_t count) const {
    return offset <= size_ && count <= size_ - offset;
  }
  bool starts_with(std::size_t offset, const char* text) const {
    const std::size_t n = std::strlen(text);
    return has(offset, n) && std::memcmp(data_ + offset, text, n) == 0;
  }
  std::uint8_t u8(std::size_t offset) const { return data_[offset]; }
  std::uint32_t be16(std::size_t o) const { return (u8(o) << 8) | u8(o + 1); }
  std::uint32_t le16(std::size_t o) const { return u8(o) | (u8(o + 1) << 8); }
  std::uint32_t be32(std::size_t o) const { return (be16(o) << 16) | be16(o + 2); }
  std::uint32_t le32(std::size_t o) const { return le16(o) | (le16(o + 2) << 16); }
  std::uint32_t le24(std::size_t o) const { return u8(o) | (u8(o + 1) << 8) | (u8(o + 2) << 16); }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
};

// PNG: the IHDR chunk comes first; a tRNS chunk before IDAT adds transparency.
std::optional<ImageHeader> png(const Bytes& b) {
  if (!b.has(8, 25) || !b.starts_with(12, "IHDR")) return std::nullopt;
  ImageHeader h;
  h.format = Format::Png;
  h.width = b.be32(16);
  h.height = b.be32(20);
  h.bits = b.u8(24);
  const std::uint8_t colour = b.u8(25);
  h.grey = colour == 0 || colour == 4;
  h.alpha = colour == 4 || colour == 6;
  for (std::size_t at = 8; b.has(at, 8);) {
    const std::uint32_t length = b.be32(at);
    if (b.starts_with(at + 4, "IDAT")) break;
    if (b.starts_with(at + 4, "tRNS")) h.alpha = true;
    at += 12 + static_cast<std::size_t>(length);
  }
  return h;
}

bool is_start_of_frame(std::uint8_t marker) {
  // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC).
  return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
}

// JPEG: walk the marker segments to the first start-of-frame, which holds the size and the
// number of components (1 grey, 3 YCbCr, 4 CMYK/YCCK).
std::optional<ImageHeader> jpeg(const Bytes& b) {
  std::size_t at = 2;
  while (b.has(at, 4)) {
    if (b.u8(at) != 0xFF) return std::nullopt;
    const std::uint8_t marker = b.u8(at + 1);
    if (marker == 0xFF) {  // fill byte
      ++at;
      continue;
    }
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {  // no length
      at += 2;
      continue;
    }
    if (marker == 0xD9 || marker == 0xDA) return std::nullopt;  // end or scan before a frame
    const std::uint32_t length = b.be16(at + 2);
    if (is_start_of_frame(marker)) {
      if (!b.has(at + 4, 6)) return std::nullopt;
      ImageHeader h;
      h.format = Format::Jpeg;
      h.bits = b.u8(at + 4);
      h.height = b.be16(at + 5);
      h.width = b.be16(at + 7);
      const std::uint8_t components = b.u8(at + 9);
      h.grey = components == 1;
      h.cmyk = components == 4;
      return h;
    }
    if (length < 2) return std::nullopt;
    at += 2 + length;
  }
  return std::nullopt;
}

// BMP: the info header's size tells its version; the oldest has 16-bit sizes. Paletted images
// are grey when every palette entry is.
std::optional<ImageHeader> bmp(const Bytes& b) {
  if (!b.has(14, 4)) return std::nullopt;
  const std::uint32_t info_size = b.le32(14);
  ImageHeader h;
  h.format = Format::Bmp;
  int bits = 0;
  std::uint32_t palette_entries = 0;
  std::size_t entry_size = 4;
  if (info_size == 12) {
    if (!b.has(14, 12)) return std::nullopt;
    h.width = b.le16(18);
    h.height = b.le16(20);
    bits = static_cast<int>(b.le16(24));
    entry_size = 3;
  } else {
    if (info_size < 40 || !b.has(14, 40)) return std::nullopt;
    h.width = static_cast<std::int32_t>(b.le32(18));
    h.height = static_cast<std::int32_t>(b.le32(22));
    if (h.height < 0) h.height = -h.height;  // negative height: rows stored top-down
    bits = static_cast<int>(b.le16(28));
    palette_entries = b.le32(46);
    h.alpha = bits == 32;
  }
  if (bits > 0 && bits <= 8) {
    if (palette_entries == 0) palette_entries = 1u << bits;
    const std::size_t palette = 14 + info_size;
    h.grey = b.has(palette, palette_entries * entry_size);
    for (std::uint32_t i = 0; h.grey && i < palette_entries; ++i) {
      const std::size_t e = palette + i * entry_size;
      h.grey = b.u8(e) == b.u8(e + 1) && b.u8(e + 1) == b.u8(e + 2);
    }
  }
  return h;
}

// WebP: a RIFF container holding a lossy (VP8), lossless (VP8L) or extended (VP8X) image.
std::optional<ImageHeader> webp(const Bytes& b) {
  ImageHeader h;
  h.format = Format::WebP;
  if (b.starts_with(12, "VP8X") && b.has(20, 10)) {
    h.alpha = (b.u8(20) & 0x10) != 0;
    h.width = static_cast<std::int64_t>(b.le24(24)) + 1;
    h.height = static_cast<std::int64_t>(b.le24(27)) + 1;
    return h;
  }
  if (b.starts_with(12, "VP8L") && b.has(20, 5) && b.u8(20) == 0x2F) {
    const std::uint32_t bits = b.le32(21);
    h.width = static_cast<std::int64_t>(bits & 0x3FFF) + 1;
    h.height = static_cast<std::int64_t>((bits >> 14) & 0x3FFF) + 1;
    h.alpha = ((bits >> 28) & 1) != 0;
    return h;
  }
  if (b.starts_with(12, "VP8 ") && b.has(20, 10) && b.u8(23) == 0x9D && b.u8(24) == 0x01 &&
      b.u8(25) == 0x2A) {
    h.width = b.le16(26) & 0x3FFF;
    h.height = b.le16(28) & 0x3FFF;
    return h;
  }
  return std::nullopt;
}

// TIFF: the first image file directory's width, length, samples and photometric tags.
std::optional<ImageHeader> tiff(const Bytes& b) {
  const bool little = b.u8(0) == 'I';
  const auto u16 = [&](std::size_t o) { return little ? b.le16(o) : b.be16(o); };
  const auto u32 = [&](std::size_t o) { return little ? b.le32(o) : b.be32(o); };
  if (!b.has(0, 8) || u16(2) != 42) return std::nullopt;
  const std::size_t directory = u32(4);
  if (!b.has(directory, 2)) return std::nullopt;
  const std::uint32_t entries = u16(directory);
  ImageHeader h;
  h.format = Format::Tiff;
  int samples = 1;
  int photometric = -1;
  for (std::uint32_t i = 0; i < entries; ++i) {
    const std::size_t e = directory + 2 + 12 * static_cast<std::size_t>(i);
    if (!b.has(e, 12)) return std::nullopt;
    const std::uint32_t tag = u16(e);
    const std::uint32_t type = u16(e + 2);
    // SHORT values sit in the first two bytes of the value field; LONG values fill it.
    const std::uint32_t value = type == 3 ? u16(e + 8) : u32(e + 8);
    if (tag == 256) h.width = value;
    if (tag == 257) h.height = value;
    if (tag == 258 && u32(e + 4) == 1) h.bits = static_cast<int>(value);
    if (tag == 262) photometric = static_cast<int>(value);
    if (tag == 277) samples = static_cast<int>(value);
    if (tag == 338) h.alpha = true;  // ExtraSamples: an alpha channel
  }
  if (h.width == 0 || h.height == 0) return std::nullopt;
  h.grey = (photometric == 0 || photometric == 1) && samples <= 2;
  h.cmyk = photometric == 5;
  return h;
}

// PNM: "P1".."P6", then width and height as text, with # comments between the fields.
std::optional<ImageHeader> pnm(const Bytes& b) {
  const char kind = static_cast<char>(b.u8(1));
  ImageHeader h;
  h.format = Format::Pnm;
  h.grey = kind == '1' || kind == '2' || kind == '4' || kind == '5';
  std::size_t at = 2;
  std::int64_t fields[2] = {0, 0};
  for (std::int64_t& field : fields) {
    while (b.has(at, 1)) {
      if (b.u8(at) == '#') {
        while (b.has(at, 1) && b.u8(at) != '\n') ++at;
      } else if (std::isspace(b.u8(at))) {
        ++at;
      } else {
        break;
      }
    }
    if (!b.has(at, 1) || !std::isdigit(b.u8(at))) return std::nullopt;
    while (b.has(at, 1) && std::isdigit(b.u8(at)) && field < (std::int64_t{1} << 40)) {
      field = field * 10 + (b.u8(at++) - '0');
    }
  }
  h.width = fields[0];
  h.height = fields[1];
  return h;
}

}  // namespace

std::string ImageHeader::format_name() const {
  switch (format) {
    case Format::Png:
      return "PNG";
    case Format::Jpeg:
      return "JPEG";
    case Format::Bmp:
      return "BMP";
    case Format::WebP:
      return "WebP";
    case Format::Tiff:
      return "TIFF";
    case Format::Pnm:
      return "PNM";
  }
  return "image";
}

std::optional<ImageHeader> probe_image_header(const std::uint8_t* data, std::size_t size) {
  const Bytes b(data, size);
  if (b.starts_with(0, "\x89PNG\r\n\x1a\n")) return png(b);
  if (b.has(0, 3) && b.u8(0) == 0xFF && b.u8(1) == 0xD8 && b.u8(2) == 0xFF) return jpeg(b);
  if (b.starts_with(0, "BM")) return bmp(b);
  if (b.starts_with(0, "RIFF") && b.starts_with(8, "WEBP")) return webp(b);
  if (b.starts_with(0, "II*") || b.starts_with(0, "MM")) return tiff(b);
  if (b.has(0, 2) && b.u8(0) == 'P' && b.u8(1) >= '1' && b.u8(1) <= '6') return pnm(b);
  return std::nullopt;
}

}  // namespace convstudio
