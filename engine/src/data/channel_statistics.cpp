#include "data/channel_statistics.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <optional>

#include "data/parallel_range.h"
#include "data/sample_order.h"
#include "data/seeded_random.h"

namespace convstudio {
namespace {

using Histograms = std::vector<std::array<std::uint64_t, 256>>;

constexpr std::int64_t kSampleChunk = 64;  // images between progress reports

void count_image(const std::uint8_t* image, std::size_t plane, Histograms& histograms) {
  for (std::size_t c = 0; c < histograms.size(); ++c) {
    const std::uint8_t* p = image + c * plane;
    for (std::size_t k = 0; k < plane; ++k) ++histograms[c][p[k]];
  }
}

ChannelStatistics from_histograms(const Histograms& histograms, std::int64_t images) {
  ChannelStatistics stats;
  stats.images = images;
  for (const auto& histogram : histograms) {
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

}  // namespace

ChannelStatistics channel_statistics(const ImageSet& images) {
  Histograms histograms(static_cast<std::size_t>(images.channels));
  const std::size_t plane = static_cast<std::size_t>(images.height) * images.width;
  for (std::int64_t i = 0; i < images.size(); ++i) count_image(images.image(i), plane, histograms);
  return from_histograms(histograms, images.size());
}

std::optional<ChannelStatistics> sampled_statistics(const SampleSet& set, std::int64_t count,
                                                    std::uint64_t seed,
                                                    const SampleProgress& progress) {
  constexpr std::uint64_t kStatisticsTag = 0x5354415453ull;  // "STATS"
  std::vector<std::int64_t> order =
      shuffled_indices(set.size(), SeededRandom::mix({seed, kStatisticsTag}));
  order.resize(static_cast<std::size_t>(std::min(count, set.size())));
  // Sorted: neighbouring files are often neighbours on disk too.
  std::sort(order.begin(), order.end());

  const auto total = static_cast<std::int64_t>(order.size());
  const std::size_t plane = static_cast<std::size_t>(set.height()) * set.width();
  Histograms histograms(static_cast<std::size_t>(set.channels()));
  std::int64_t counted = 0;
  std::mutex mutex;
  for (std::int64_t first = 0; first < total; first += kSampleChunk) {
    const std::int64_t chunk = std::min(kSampleChunk, total - first);
    parallel_range(
        chunk,
        [&](std::int64_t begin, std::int64_t end) {
          Histograms local(histograms.size());
          std::vector<std::uint8_t> scratch(set.image_bytes());
          std::int64_t images = 0;
          for (std::int64_t i = begin; i < end; ++i) {
            const Result<const std::uint8_t*> pixels =
                set.fetch(order[static_cast<std::size_t>(first + i)], scratch.data());
            if (!pixels) continue;
            count_image(pixels.value(), plane, local);
            ++images;
          }
          std::lock_guard lock(mutex);
          for (std::size_t c = 0; c < local.size(); ++c) {
            for (std::size_t v = 0; v < 256; ++v) histograms[c][v] += local[c][v];
          }
          counted += images;
        },
        /*min_per_thread=*/1);
    if (progress && !progress(first + chunk, total)) return std::nullopt;
  }
  return from_histograms(histograms, counted);
}

}  // namespace convstudio
