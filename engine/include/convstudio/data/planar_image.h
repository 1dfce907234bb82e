#pragma once
// An image already decoded at a model's input size, as the data sets hold it: planar C×H×W
// bytes. What an in-memory validation sample (IDX) is when it has no file to read again.

#include <cstdint>
#include <vector>

namespace convstudio {

struct PlanarImage {
  int channels = 0;
  int height = 0;
  int width = 0;
  std::vector<std::uint8_t> pixels;  // channels × height × width

  bool empty() const { return pixels.empty(); }
};

}  // namespace convstudio
