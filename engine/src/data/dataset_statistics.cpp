#include "convstudio/data/dataset_statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>
#include <utility>

#include "data/image_decoder.h"
#include "data/parallel_range.h"
#include "data/sample_order.h"
#include "data/seeded_random.h"

namespace convstudio {
namespace {

std::vector<std::int64_t> class_counts(const SampleSet& set, std::size_t classes) {
  std::vector<std::int64_t> counts(classes, 0);
  for (std::int64_t i = 0; i < set.size(); ++i) {
    const std::int64_t label = set.label(i);
    if (label >= 0 && static_cast<std::size_t>(label) < classes) {
      ++counts[static_cast<std::size_t>(label)];
    }
  }
  return counts;
}

// One size and colour per image: the set's own for images held in memory, else each file's
// header (of a seeded sample when there are more than kSizeSample).
struct ImageLook {
  std::int64_t width = 0;
  std::int64_t height = 0;
  bool grey = false;
};

std::vector<ImageLook> read_looks(const std::vector<std::string>& files, std::int64_t& unreadable) {
  constexpr std::uint64_t kSizesTag = 0x53495A4553ull;  // "SIZES"
  std::vector<std::int64_t> order =
      shuffled_indices(static_cast<std::int64_t>(files.size()), SeededRandom::mix({0, kSizesTag}));
  order.resize(std::min<std::size_t>(order.size(), static_cast<std::size_t>(kSizeSample)));
  std::mutex mutex;
  std::vector<ImageLook> looks;
  parallel_range(
      static_cast<std::int64_t>(order.size()),
      [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t i = begin; i < end; ++i) {
          ImageHeader header;
          const bool read =
              !read_image_header(
                  files[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])], header) &&
              header.width > 0 && header.height > 0;
          std::lock_guard lock(mutex);
          if (read) {
            looks.push_back({header.width, header.height, header.grey});
          } else {
            ++unreadable;
          }
        }
      },
      /*min_per_thread=*/64);
  return looks;
}

std::int64_t median_of(std::vector<std::int64_t> values) {
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2),
                   values.end());
  return values[values.size() / 2];
}

void describe_sizes(const std::vector<ImageLook>& looks, ImageSizeStatistics& sizes) {
  sizes.examined += static_cast<std::int64_t>(looks.size());
  if (looks.empty()) return;
  std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> by_size;
  std::vector<std::int64_t> widths;
  std::vector<std::int64_t> heights;
  for (const ImageLook& look : looks) {
    ++by_size[{look.width, look.height}];
    widths.push_back(look.width);
    heights.push_back(look.height);
    ++(look.grey ? sizes.grey : sizes.colour);
  }
  const auto pixels = [](const auto& entry) { return entry.first.first * entry.first.second; };
  const auto [smallest, largest] =
      std::minmax_element(by_size.begin(), by_size.end(),
                          [&](const auto& a, const auto& b) { return pixels(a) < pixels(b); });
  sizes.smallest = {smallest->first.first, smallest->first.second, smallest->second};
  sizes.largest = {largest->first.first, largest->first.second, largest->second};
  sizes.median = {median_of(widths), median_of(heights), 0};
  for (const auto& [size, images] : by_size) {
    sizes.most_common.push_back({size.first, size.second, images});
  }
  // Most frequent first; ties smaller first, so the order does not depend on the sample's.
  std::stable_sort(
      sizes.most_common.begin(), sizes.most_common.end(),
      [](const ImageSizeCount& a, const ImageSizeCount& b) { return a.images > b.images; });
  if (sizes.most_common.size() > kCommonSizes) sizes.most_common.resize(kCommonSizes);
}

ImageSizeStatistics image_sizes(const Dataset& dataset) {
  ImageSizeStatistics sizes;
  sizes.images = dataset.train->size() + dataset.validation->size();
  std::vector<ImageLook> looks;
  std::vector<std::string> files;
  for (const SampleSet* set : {dataset.train.get(), dataset.validation.get()}) {
    if (set->held_in_memory()) {
      // Every image of a set in memory has the set's shape.
      looks.insert(looks.end(), static_cast<std::size_t>(set->size()),
                   {set->width(), set->height(), set->channels() == 1});
      continue;
    }
    for (std::int64_t i = 0; i < set->size(); ++i) files.push_back(set->source(i));
  }
  if (!files.empty()) {
    std::vector<ImageLook> read = read_looks(files, sizes.unreadable);
    sizes.examined += sizes.unreadable;
    looks.insert(looks.end(), read.begin(), read.end());
  }
  describe_sizes(looks, sizes);
  return sizes;
}

nlohmann::ordered_json size_json(const ImageSizeCount& size) {
  return {{"width", size.width}, {"height", size.height}, {"images", size.images}};
}

}  // namespace

std::optional<ClassImbalance> class_imbalance(const std::vector<std::int64_t>& counts) {
  if (counts.size() < 2) return std::nullopt;
  const auto [smallest, largest] = std::minmax_element(counts.begin(), counts.end());
  ClassImbalance imbalance;
  imbalance.largest = static_cast<std::size_t>(largest - counts.begin());
  imbalance.smallest = static_cast<std::size_t>(smallest - counts.begin());
  imbalance.largest_images = *largest;
  imbalance.smallest_images = *smallest;
  imbalance.ratio = *smallest > 0 ? static_cast<double>(*largest) / static_cast<double>(*smallest)
                                  : std::numeric_limits<double>::infinity();
  if (*largest == 0 || imbalance.ratio <= kImbalanceRatio) return std::nullopt;
  return imbalance;
}

DatasetStatistics dataset_statistics(const Dataset& dataset) {
  DatasetStatistics statistics;
  const DatasetInfo& info = dataset.info;
  statistics.path = info.path;
  statistics.class_names = info.class_names;
  if (info.masks) {
    statistics.train_counts = info.train_class_images;
    statistics.validation_counts = info.validation_class_images;
    statistics.train_pixels = info.train_class_counts;
    statistics.validation_pixels = info.validation_class_pixels;
    statistics.class_colours = info.class_colours;
  } else {
    statistics.train_counts = class_counts(*dataset.train, info.class_names.size());
    statistics.validation_counts = class_counts(*dataset.validation, info.class_names.size());
  }
  statistics.validation_is_test_set = info.validation_is_test_set;
  statistics.sizes = image_sizes(dataset);
  statistics.imbalance = class_imbalance(statistics.train_counts);
  return statistics;
}

Result<DatasetStatistics> dataset_statistics(const DatasetRequest& request,
                                             const DatasetObserver& observer) {
  DatasetRequest own = request;
  own.channels = 0;  // the data's own shape: nothing is fitted, so nothing is resized
  own.height = 0;
  own.width = 0;
  own.compute_statistics = false;
  own.cache = CacheMode::Off;
  Result<Dataset> loaded = load_dataset(own, observer);
  if (!loaded) return loaded.error();
  return dataset_statistics(loaded.value());
}

double pixel_share(const std::vector<std::int64_t>& pixels, std::size_t index) {
  std::int64_t total = 0;
  for (std::int64_t count : pixels) total += count;
  if (total <= 0 || index >= pixels.size()) return 0.0;
  return static_cast<double>(pixels[index]) / static_cast<double>(total);
}

nlohmann::ordered_json dataset_statistics_json(const DatasetStatistics& statistics) {
  nlohmann::ordered_json classes = nlohmann::ordered_json::array();
  for (std::size_t c = 0; c < statistics.class_names.size(); ++c) {
    nlohmann::ordered_json entry = {{"name", statistics.class_names[c]},
                                    {"train", statistics.train_counts[c]},
                                    {"validation", statistics.validation_counts[c]}};
    if (!statistics.train_pixels.empty()) {
      entry["train_pixels"] = statistics.train_pixels[c];
      entry["validation_pixels"] = statistics.validation_pixels[c];
      entry["train_pixel_share"] = pixel_share(statistics.train_pixels, c);
      entry["validation_pixel_share"] = pixel_share(statistics.validation_pixels, c);
    }
    classes.push_back(std::move(entry));
  }
  const ImageSizeStatistics& sizes = statistics.sizes;
  nlohmann::ordered_json common = nlohmann::ordered_json::array();
  for (const ImageSizeCount& size : sizes.most_common) common.push_back(size_json(size));
  nlohmann::ordered_json json = {
      {"path", statistics.path},
      {"validation_is_test_set", statistics.validation_is_test_set},
      {"masks", !statistics.train_pixels.empty()},
      {"classes", classes},
      {"sizes",
       {{"images", sizes.images},
        {"examined", sizes.examined},
        {"unreadable", sizes.unreadable},
        {"smallest", size_json(sizes.smallest)},
        {"median", {{"width", sizes.median.width}, {"height", sizes.median.height}}},
        {"largest", size_json(sizes.largest)},
        {"most_common", common},
        {"grey", sizes.grey},
        {"colour", sizes.colour}}},
      {"imbalance", nullptr}};
  if (const auto& imbalance = statistics.imbalance) {
    json["imbalance"] = {
        {"largest", statistics.class_names[imbalance->largest]},
        {"largest_images", imbalance->largest_images},
        {"smallest", statistics.class_names[imbalance->smallest]},
        {"smallest_images", imbalance->smallest_images},
        // JSON has no infinity: a class without images has no ratio.
        {"ratio", std::isfinite(imbalance->ratio) ? nlohmann::ordered_json(imbalance->ratio)
                                                  : nlohmann::ordered_json(nullptr)}};
  }
  return json;
}

}  // namespace convstudio
