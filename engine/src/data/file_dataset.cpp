#include "data/file_dataset.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iterator>
#include <new>

#include "convstudio/model/dataset_format.h"
#include "data/channel_statistics.h"
#include "data/data_fingerprint.h"
#include "data/dataset_split.h"
#include "data/file_index_store.h"
#include "data/formats/dataset_reader.h"
#include "data/image_file_set.h"
#include "data/native_shape.h"
#include "data/sample_order.h"
#include "data/seeded_random.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kNamedWarnings = 5;
// The statistics describe the data, not a run: one fixed seed, so every run (and every resumed
// run) normalises alike whatever its own seed.
constexpr std::uint64_t kStatisticsSeed = 0;

std::int64_t physical_memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page = ::sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<std::int64_t>(pages) * page : 0;
}

struct LoadedIndex {
  std::shared_ptr<FileIndex> index;
  std::string cache_file;
  bool reused = false;
};

Result<LoadedIndex> open_index(const DatasetRequest& request, const std::string& source,
                               const DatasetObserver& observer) {
  LoadedIndex loaded;
  const fs::path cache_file = index_cache_file(source);
  loaded.cache_file = cache_file.string();
  if (!cache_file.empty()) {
    if (std::optional<FileIndex> cached = load_cached_index(cache_file, source)) {
      // An index that took files from outside a CSV's folder serves only a request allowing it.
      const bool allowed = !cached->has_paths_outside || request.allow_paths_outside;
      // Masks were checked against one ignore label: another one reads them again.
      const bool same_ignore = !cached->has_masks || cached->ignore_label == request.ignore_label;
      if (cached->kind == request.kind && allowed && same_ignore && index_is_current(*cached)) {
        loaded.index = std::make_shared<FileIndex>(std::move(*cached));
        loaded.reused = true;
        return loaded;
      }
    }
  }
  const ScanProgress progress = [&](std::int64_t found) {
    return !observer || observer({DatasetProgress::Stage::Scanning, found, -1, source});
  };
  const bool allow_paths_outside =
      request.allow_paths_outside && dataset_format(request.kind).names_files;
  Result<FileIndex> scanned =
      dataset_reader(request.kind)
          .index(source, progress, allow_paths_outside, request.ignore_label);
  if (!scanned) return scanned.error();
  loaded.index = std::make_shared<FileIndex>(std::move(scanned).value());
  loaded.index->kind = request.kind;  // the cached index serves this format only
  return loaded;
}

// Positions of the training and validation files: one fold of the training files (k-fold), the
// val/ folder's, or a seeded fraction of the training files (the same draws as the in-memory
// split, so a seed always holds out alike).
std::optional<Error> split_files(const FileIndex& index, const DatasetRequest& request,
                                 std::vector<std::int64_t>& train,
                                 std::vector<std::int64_t>& validation,
                                 bool& validation_is_test_set) {
  double fraction = request.validation_fraction;
  std::vector<std::int64_t> candidates;
  for (std::size_t i = 0; i < index.files.size(); ++i) {
    if (!index.files[i].validation) candidates.push_back(static_cast<std::int64_t>(i));
  }
  if (request.folds >= 2) {
    validation_is_test_set = false;
    std::vector<std::int64_t> labels;
    labels.reserve(candidates.size());
    for (std::int64_t file : candidates) {
      labels.push_back(index.files[static_cast<std::size_t>(file)].label);
    }
    Result<FoldPositions> split = fold_positions(labels, request);
    if (!split) return split.error();
    for (std::int64_t k : split.value().train)
      train.push_back(candidates[static_cast<std::size_t>(k)]);
    for (std::int64_t k : split.value().validation)
      validation.push_back(candidates[static_cast<std::size_t>(k)]);
    return std::nullopt;
  }
  validation_is_test_set = index.has_validation_folder && fraction <= 0.0;
  if (validation_is_test_set) {
    train = std::move(candidates);
    for (std::size_t i = 0; i < index.files.size(); ++i) {
      if (index.files[i].validation) validation.push_back(static_cast<std::int64_t>(i));
    }
    return std::nullopt;
  }
  if (fraction <= 0.0) fraction = kDefaultValidationFraction;
  const auto total = static_cast<std::int64_t>(candidates.size());
  auto held_out = static_cast<std::int64_t>(std::llround(fraction * static_cast<double>(total)));
  if (total >= 2) held_out = std::clamp<std::int64_t>(held_out, 1, total - 1);
  held_out = std::clamp<std::int64_t>(held_out, 0, total);
  constexpr std::uint64_t kSplitTag = 0x53504C4954ull;  // "SPLIT", as dataset_split.cpp
  const std::vector<std::int64_t> order =
      shuffled_indices(total, SeededRandom::mix({request.split_seed, kSplitTag}));
  for (std::int64_t k = 0; k < total; ++k) {
    const std::int64_t file =
        candidates[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])];
    (k < held_out ? validation : train).push_back(file);
  }
  std::sort(train.begin(), train.end());
  std::sort(validation.begin(), validation.end());
  return std::nullopt;
}

std::string megabytes(std::int64_t bytes) {
  return std::to_string((bytes + (1 << 19)) >> 20) + " MB";
}

// The request's folder or file, absolute, when it is there and of the format's kind.
Result<std::string> checked_source(const DatasetRequest& request) {
  std::error_code ec;
  if (request.path.empty()) return Error::in_file("", "no dataset folder or CSV file given");
  const std::string source = fs::absolute(request.path, ec).lexically_normal().string();
  if (!fs::exists(source, ec)) return Error::in_file(source, "does not exist");
  const bool names_file = dataset_format(request.kind).path == DatasetPath::File;
  if (names_file && !fs::is_regular_file(source, ec)) {
    return Error::in_file(source, "is not a file");
  }
  if (!names_file && !fs::is_directory(source, ec)) {
    return Error::in_file(source, "is not a folder");
  }
  return source;
}

// The training and validation sets, their decoded images cached when asked and there is memory.
void make_file_sets(Dataset& dataset, const std::shared_ptr<const FileIndex>& shared,
                    const std::vector<std::int64_t>& train,
                    const std::vector<std::int64_t>& validation, const ImageTarget& target,
                    const std::string& source) {
  DatasetInfo& info = dataset.info;
  try {
    dataset.train = std::make_shared<ImageFileSet>(shared, train, target, info.reading.cached);
    dataset.validation =
        std::make_shared<ImageFileSet>(shared, validation, target, info.reading.cached);
  } catch (const std::bad_alloc&) {
    info.warnings.push_back(Error::in_file(source, "no memory for the decoded cache (" +
                                                       megabytes(info.reading.decoded_bytes) +
                                                       "); images are read from disk every epoch"));
    info.reading.cached = false;
    dataset.train = std::make_shared<ImageFileSet>(shared, train, target, false);
    dataset.validation = std::make_shared<ImageFileSet>(shared, validation, target, false);
  }
}

// The channel statistics for `target`: the index's own, or sampled now and added to the index
// (`changed` then set).
Result<SampledStatistics> statistics_for(FileIndex& index,
                                         const std::shared_ptr<const FileIndex>& shared,
                                         const ImageTarget& target, const std::string& source,
                                         const DatasetObserver& observer, bool& changed) {
  const auto same_target = [&](const SampledStatistics& s) {
    return s.channels == target.channels && s.height == target.height && s.width == target.width &&
           s.fit == target.fit;
  };
  auto known = std::find_if(index.statistics.begin(), index.statistics.end(), same_target);
  if (known != index.statistics.end()) return *known;
  // Sampled from every file outside a val/ folder, so the hold-out fraction's seed does
  // not change them.
  std::vector<std::int64_t> pool;
  for (std::size_t i = 0; i < index.files.size(); ++i) {
    if (!index.files[i].validation) pool.push_back(static_cast<std::int64_t>(i));
  }
  const ImageFileSet sample_set(shared, std::move(pool), target, false);
  const std::optional<ChannelStatistics> stats = sampled_statistics(
      sample_set, kStatisticsSample, kStatisticsSeed, [&](std::int64_t done, std::int64_t total) {
        return !observer || observer({DatasetProgress::Stage::Statistics, done, total, source});
      });
  if (!stats) return Error::in_file(source, "cancelled while sampling the statistics");
  if (stats->images == 0) {
    return Error::in_file(source, "none of the " + std::to_string(kStatisticsSample) +
                                      " sampled images could be read (first file: " +
                                      index.full_path(index.files.front()) + ")");
  }
  index.statistics.push_back({target.channels, target.height, target.width, target.fit,
                              stats->images, stats->mean, stats->std});
  changed = true;
  return index.statistics.back();
}

// What the data set's info says of its files, classes and images.
void describe_files(DatasetInfo& info, const FileIndex& index,
                    const std::vector<std::int64_t>& train,
                    const std::vector<std::int64_t>& validation, const ImageTarget& target) {
  info.reading.from_files = true;
  info.class_names = index.class_names;
  info.train_class_counts.assign(info.class_names.size(), 0);
  if (index.has_masks) {
    info.masks = true;
    info.class_colours = index.class_colours;
    info.ignore_label = index.ignore_label;
    info.validation_class_pixels.assign(info.class_names.size(), 0);
    info.train_class_images.assign(info.class_names.size(), 0);
    info.validation_class_images.assign(info.class_names.size(), 0);
    const auto add_pixels = [&](const std::vector<std::int64_t>& files,
                                std::vector<std::int64_t>& pixels,
                                std::vector<std::int64_t>& images) {
      for (std::int64_t file : files) {
        const IndexedFile& entry = index.files[static_cast<std::size_t>(file)];
        for (std::size_t c = 0; c < pixels.size() && c < entry.class_pixels.size(); ++c) {
          pixels[c] += entry.class_pixels[c];
          images[c] += entry.class_pixels[c] > 0 ? 1 : 0;
        }
      }
    };
    add_pixels(train, info.train_class_counts, info.train_class_images);
    add_pixels(validation, info.validation_class_pixels, info.validation_class_images);
  } else {
    for (std::int64_t file : train) {
      ++info.train_class_counts[static_cast<std::size_t>(
          index.files[static_cast<std::size_t>(file)].label)];
    }
  }
  info.input.channels = target.channels;
  info.input.height = target.height;
  info.input.width = target.width;
  info.input.fit = target.fit;
  info.reading.files_on_disk_bytes = index.total_bytes();
  info.fingerprint = index_fingerprint(index);
}

}  // namespace

Result<Dataset> load_file_dataset(const DatasetRequest& request, const DatasetObserver& observer) {
  Result<std::string> checked = checked_source(request);
  if (!checked) return checked.error();
  const std::string source = std::move(checked).value();

  Result<LoadedIndex> opened = open_index(request, source, observer);
  if (!opened) return opened.error();
  FileIndex& index = *opened.value().index;
  bool changed = !opened.value().reused;

  if (index.native.channels == 0) {
    index.native = sample_native_shape(index);
    changed = true;
  }
  if (index.native.channels == 0 &&
      (request.channels == 0 || request.height == 0 || request.width == 0)) {
    return Error::in_file(source, "none of the sampled image files could be read (first: " +
                                      index.full_path(index.files.front()) + ")");
  }
  ImageTarget target;
  target.channels = request.channels > 0 ? request.channels : index.native.channels;
  target.height = request.height > 0 ? request.height : index.native.height;
  target.width = request.width > 0 ? request.width : index.native.width;
  target.fit = request.fit;

  Dataset dataset;
  DatasetInfo& info = dataset.info;
  std::vector<std::int64_t> train;
  std::vector<std::int64_t> validation;
  if (auto problem = split_files(index, request, train, validation, info.validation_is_test_set)) {
    return *problem;
  }

  // A segmentation sample's mask is cached beside its image: one byte per pixel more.
  const auto image_bytes = static_cast<std::int64_t>(target.channels + (index.has_masks ? 1 : 0)) *
                           target.height * target.width;
  info.reading.decoded_bytes =
      image_bytes * static_cast<std::int64_t>(train.size() + validation.size());
  info.reading.cache_budget =
      request.cache_budget_bytes > 0 ? request.cache_budget_bytes : physical_memory_bytes() / 4;
  info.reading.cached =
      request.cache == CacheMode::On ||
      (request.cache == CacheMode::Auto && info.reading.decoded_bytes <= info.reading.cache_budget);
  if (!index.native.note.empty() && (request.height == 0 || request.width == 0)) {
    info.warnings.push_back(Error::in_file(source, index.native.note));
  }

  const std::shared_ptr<const FileIndex> shared = opened.value().index;
  make_file_sets(dataset, shared, train, validation, target, source);

  if (request.compute_statistics) {
    Result<SampledStatistics> known =
        statistics_for(index, shared, target, source, observer, changed);
    if (!known) return known.error();
    info.normalisation.mean = known.value().mean;
    info.normalisation.std = known.value().std;
    info.normalisation.images = known.value().images;
  }

  if (changed && !opened.value().cache_file.empty() && index_is_stable(index)) {
    if (auto problem = save_index(index, opened.value().cache_file)) {
      info.warnings.push_back(Error::in_file(opened.value().cache_file,
                                             "the file index cannot be cached (" + *problem +
                                                 "); the folder will be scanned again next time"));
    } else {
      info.reading.index_file = opened.value().cache_file;
    }
  } else if (!changed) {
    info.reading.index_file = opened.value().cache_file;
  }

  info.kind = request.kind;
  info.path = source;
  info.reading.index_reused = opened.value().reused;
  info.train_count = dataset.train->size();
  info.validation_count = dataset.validation->size();
  describe_files(info, index, train, validation, target);
  if (info.warnings.size() > kNamedWarnings) info.warnings.resize(kNamedWarnings);
  return dataset;
}

}  // namespace convstudio
