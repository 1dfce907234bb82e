#pragma once
// Decoded images kept in memory: one contiguous uint8 buffer of N x C x H x W (planar, like a
// tensor) and one class label per image. The loader reads straight from this buffer.
// Segmentation data (tests, previews) also holds one H x W mask per image.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace convstudio {

struct ImageSet {
  int channels = 0;
  int height = 0;
  int width = 0;
  std::vector<std::uint8_t> pixels;  // size() * image_bytes()
  std::vector<std::int64_t> labels;  // one class index per image
  // Empty, or size() * height * width class indices (255 = ignored, as kMaskIgnore).
  std::vector<std::uint8_t> masks;

  std::int64_t size() const { return static_cast<std::int64_t>(labels.size()); }
  std::size_t image_bytes() const {
    return static_cast<std::size_t>(channels) * static_cast<std::size_t>(height) *
           static_cast<std::size_t>(width);
  }
  const std::uint8_t* image(std::int64_t index) const {
    return pixels.data() + static_cast<std::size_t>(index) * image_bytes();
  }
  const std::uint8_t* mask(std::int64_t index) const {
    return masks.data() + static_cast<std::size_t>(index) * static_cast<std::size_t>(height) *
                              static_cast<std::size_t>(width);
  }
  std::uint8_t* image(std::int64_t index) {
    return pixels.data() + static_cast<std::size_t>(index) * image_bytes();
  }
};

}  // namespace convstudio
