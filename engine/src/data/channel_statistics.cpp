#include "data/channel_statistics.h"

#include <array>
#include <cmath>
#include <cstdint>

namespace convstudio {

ChannelStatistics channel_statistics(const ImageSet& images) {
  ChannelStatistics stats;
  const std::size_t plane = static_cast<std::size_t>(images.height) * images.width;
  for (int c = 0; c < images.channels; ++c) {
    std::array<std::uint64_t, 256> histogram{};
    for (std::int64_t i = 0; i < images.size(); ++i) {
      const std::uint8_t* p = images.image(i) + static_cast<std::size_t>(c) * plane;
      for (std::size_t k = 0; k < plane; ++k) ++histogram[p[k]];
    }
    double count = 0, sum = 0, sum_squares = 0;
    for (int v = 0; v < 256; ++v) {
      const auto n = static_cast<double>(histogram[static_cast<std::size_t>(v)]);
      const double x = v / 255.0;
      count += n;
      sum += n * x;
      sum_squares += n * x * x;
    }
    const double mean = count > 0 ? sum / count : 0.0;
    const double variance = count > 0 ? std::max(0.0, sum_squares / count - mean * mean) : 0.0;
    // A constant channel would divide by zero when normalising; 1 leaves it merely centred.
    const double std = variance > 0 ? std::sqrt(variance) : 1.0;
    stats.mean.push_back(static_cast<float>(mean));
    stats.std.push_back(static_cast<float>(std));
  }
  return stats;
}

}  // namespace convstudio
