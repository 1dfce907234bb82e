#pragma once
// Per-channel mean and standard deviation of pixel / 255, for input normalisation. Counted in a
// 256-bin histogram per channel: exact, and one cheap pass over the bytes. In-memory sets are
// counted whole; image files from a seeded sample (decoding all of a big set would take as
// long as an epoch).

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "convstudio/data/image_set.h"
#include "convstudio/data/sample_set.h"

namespace convstudio {

struct ChannelStatistics {
  std::vector<float> mean;
  std::vector<float> std;
  std::int64_t images = 0;  // images counted
};

ChannelStatistics channel_statistics(const ImageSet& images);

// Called after each chunk of the sample with (images done, sample size); false cancels.
using SampleProgress = std::function<bool(std::int64_t done, std::int64_t total)>;

// The statistics of up to `count` images of `set` chosen by `seed`, decoded on all cores.
// Images that cannot be read are left out. nullopt when cancelled.
std::optional<ChannelStatistics> sampled_statistics(const SampleSet& set, std::int64_t count,
                                                    std::uint64_t seed,
                                                    const SampleProgress& progress);

}  // namespace convstudio
