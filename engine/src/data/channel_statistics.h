#pragma once
// Per-channel mean and standard deviation of pixel / 255, for input normalisation. Computed
// from a 256-bin histogram per channel: exact, and one cheap pass over the bytes.

#include <vector>

#include "convstudio/data/image_set.h"

namespace convstudio {

struct ChannelStatistics {
  std::vector<float> mean;
  std::vector<float> std;
};

ChannelStatistics channel_statistics(const ImageSet& images);

}  // namespace convstudio
