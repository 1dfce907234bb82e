#include "data/random_erasing.h"

#include <cmath>
#include <cstddef>

namespace convstudio {

EraseBox random_erasing_box(int width, int height, double probability, SeededRandom& random) {
  if (probability <= 0 || random.unit() >= probability) return {};
  // torchvision's defaults: area share in [0.02, 0.33], aspect ratio log-uniform in [0.3, 3.3].
  constexpr double kMinArea = 0.02;
  constexpr double kMaxArea = 0.33;
  const double log_min_ratio = std::log(0.3);
  const double log_max_ratio = std::log(3.3);
  const double area = static_cast<double>(width) * static_cast<double>(height);
  for (int attempt = 0; attempt < 10; ++attempt) {
    const double target = area * random.uniform(kMinArea, kMaxArea);
    const double ratio = std::exp(random.uniform(log_min_ratio, log_max_ratio));
    const auto h = static_cast<int>(std::lround(std::sqrt(target * ratio)));
    const auto w = static_cast<int>(std::lround(std::sqrt(target / ratio)));
    if (h < 1 || w < 1 || h >= height || w >= width) continue;
    EraseBox box;
    box.y = static_cast<int>(random.below(static_cast<std::uint64_t>(height - h + 1)));
    box.x = static_cast<int>(random.below(static_cast<std::uint64_t>(width - w + 1)));
    box.width = w;
    box.height = h;
    return box;
  }
  return {};
}

void erase_box(std::uint8_t* image, int channels, int height, int width, const EraseBox& box,
               SeededRandom& random) {
  const std::size_t plane = static_cast<std::size_t>(height) * static_cast<std::size_t>(width);
  for (int c = 0; c < channels; ++c) {
    std::uint8_t* p = image + static_cast<std::size_t>(c) * plane;
    for (int y = box.y; y < box.y + box.height; ++y) {
      std::uint8_t* row = p + static_cast<std::size_t>(y) * static_cast<std::size_t>(width);
      for (int x = box.x; x < box.x + box.width; ++x) {
        row[x] = static_cast<std::uint8_t>(random.below(256));
      }
    }
  }
}

}  // namespace convstudio
