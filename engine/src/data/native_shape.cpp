#include "data/native_shape.h"

#include <algorithm>
#include <mutex>

#include "data/image_decoder.h"
#include "data/parallel_range.h"
#include "data/sample_order.h"
#include "data/seeded_random.h"

namespace convstudio {
namespace {

std::string size_text(std::int64_t width, std::int64_t height) {
  return std::to_string(width) + "\u00d7" + std::to_string(height);
}

}  // namespace

NativeShape sample_native_shape(const FileIndex& index) {
  constexpr std::uint64_t kShapeTag = 0x5348415045ull;  // "SHAPE"
  std::vector<std::int64_t> order = shuffled_indices(static_cast<std::int64_t>(index.files.size()),
                                                     SeededRandom::mix({0, kShapeTag}));
  order.resize(std::min<std::size_t>(order.size(), kShapeSample));

  std::mutex mutex;
  std::vector<ImageHeader> headers;
  parallel_range(
      static_cast<std::int64_t>(order.size()),
      [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t i = begin; i < end; ++i) {
          ImageHeader header;
          const IndexedFile& file = index.files[static_cast<std::size_t>(order[i])];
          if (read_image_header(index.full_path(file), header)) continue;  // unreadable: skip
          if (header.width <= 0 || header.height <= 0) continue;
          std::lock_guard lock(mutex);
          headers.push_back(header);
        }
      },
      /*min_per_thread=*/16);

  NativeShape shape;
  if (headers.empty()) return shape;
  const bool grey =
      std::all_of(headers.begin(), headers.end(), [](const ImageHeader& h) { return h.grey; });
  shape.channels = grey ? 1 : 3;
  std::vector<std::int64_t> widths;
  std::vector<std::int64_t> heights;
  for (const ImageHeader& h : headers) {
    widths.push_back(h.width);
    heights.push_back(h.height);
  }
  std::sort(widths.begin(), widths.end());
  std::sort(heights.begin(), heights.end());
  const std::size_t middle = headers.size() / 2;
  shape.width = static_cast<int>(widths[middle]);
  shape.height = static_cast<int>(heights[middle]);
  shape.mixed_sizes = widths.front() != widths.back() || heights.front() != heights.back();
  if (shape.mixed_sizes) {
    shape.note = "sampled images range from " + size_text(widths.front(), heights.front()) +
                 " to " + size_text(widths.back(), heights.back()) + "; the median, " +
                 size_text(shape.width, shape.height) +
                 ", is used unless the Input block sets a size";
  }
  return shape;
}

}  // namespace convstudio
