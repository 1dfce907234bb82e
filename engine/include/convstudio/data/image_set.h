#pragma once
// Decoded images kept in memory: one contiguous uint8 buffer of N x C x H x W (planar, like a
// tensor) and one class label per image. The loader reads straight from this buffer.

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

  std::int64_t size() const { return static_cast<std::int64_t>(labels.size()); }
  std::size_t image_bytes() const {
    return static_cast<std::size_t>(channels) * static_cast<std::size_t>(height) *
           static_cast<std::size_t>(width);
  }
  const std::uint8_t* image(std::int64_t index) const {
    return pixels.data() + static_cast<std::size_t>(index) * image_bytes();
  }
  std::uint8_t* image(std::int64_t index) {
    return pixels.data() + static_cast<std::size_t>(index) * image_bytes();
  }
};

}  // namespace convstudio
