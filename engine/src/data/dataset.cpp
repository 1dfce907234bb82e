#include "convstudio/data/dataset.h"

#include <new>
#include <optional>
#include <utility>

#include "data/channel_statistics.h"
#include "data/data_fingerprint.h"
#include "data/dataset_split.h"
#include "data/file_dataset.h"
#include "data/formats/dataset_reader.h"
#include "data/image_conversion.h"
#include "data/in_memory_sample_set.h"

namespace convstudio {
namespace {

std::optional<Error> check_source(const DatasetRequest& source) {
  if (source.channels != 0 && source.channels != 1 && source.channels != 3) {
    return Error::in_setting(
        "dataset.input.channels",
        "images can be converted to 1 or 3 channels, not " + std::to_string(source.channels));
  }
  if (source.height < 0 || source.width < 0) {
    return Error::in_setting("dataset.input", "image height and width cannot be negative");
  }
  if (source.folds != 0 && source.folds < 2) {
    return Error::in_setting("dataset.folds", "k-fold validation needs at least 2 folds, not " +
                                                  std::to_string(source.folds));
  }
  if (!(source.validation_fraction >= 0.0 && source.validation_fraction < 1.0)) {
    return Error::in_setting("dataset.validation_fraction",
                             "the validation fraction must be at least 0 and below 1");
  }
  return std::nullopt;
}

ImageSet converted(ImageSet images, int channels, int height, int width, FitMode fit) {
  if (images.channels == channels && images.height == height && images.width == width) {
    return images;
  }
  return convert_images(images, channels, height, width, fit);
}

// Data read whole (IDX: small and stored raw), converted to the requested shape in memory.
Result<Dataset> load_into_memory(const DatasetReader& reader, const DatasetRequest& source) {
  Result<RawDataset> read = reader.read_whole(source);
  if (!read) return read.error();
  RawDataset raw = std::move(read).value();
  // Of the data as read, before it is converted or split.
  const std::string fingerprint =
      images_fingerprint(raw.class_names, raw.train, raw.test ? &*raw.test : nullptr);

  const int channels = source.channels > 0 ? source.channels : raw.train.channels;
  const int height = source.height > 0 ? source.height : raw.train.height;
  const int width = source.width > 0 ? source.width : raw.train.width;
  raw.train = converted(std::move(raw.train), channels, height, width, source.fit);
  if (raw.test) raw.test = converted(std::move(*raw.test), channels, height, width, source.fit);

  Dataset dataset;
  DatasetInfo& info = dataset.info;
  ImageSet validation;
  if (source.folds >= 2) {
    Result<FoldPositions> split = fold_positions(raw.train.labels, source);
    if (!split) return split.error();
    validation = take_images(raw.train, split.value().validation);
    raw.train = take_images(raw.train, split.value().train);
  } else if (source.validation_fraction > 0.0 || !raw.test) {
    const double fraction =
        source.validation_fraction > 0.0 ? source.validation_fraction : kDefaultValidationFraction;
    validation = split_off_validation(raw.train, fraction, source.split_seed);
  } else {
    validation = std::move(*raw.test);
    info.validation_is_test_set = true;
  }

  if (source.compute_statistics) {
    const ChannelStatistics stats = channel_statistics(raw.train);
    info.normalisation.mean = stats.mean;
    info.normalisation.std = stats.std;
    info.normalisation.images = stats.images;
  }
  info.kind = source.kind;
  info.path = raw.path;
  info.fingerprint = fingerprint;
  info.train_count = raw.train.size();
  info.validation_count = validation.size();
  info.class_names = std::move(raw.class_names);
  info.train_class_counts.assign(info.class_names.size(), 0);
  for (std::int64_t label : raw.train.labels)
    ++info.train_class_counts[static_cast<std::size_t>(label)];
  info.input.channels = channels;
  info.input.height = height;
  info.input.width = width;
  info.input.fit = source.fit;
  info.skipped_files = raw.skipped_files;
  info.warnings = std::move(raw.warnings);

  dataset.train = std::make_shared<InMemorySampleSet>(std::move(raw.train));
  dataset.validation = std::make_shared<InMemorySampleSet>(std::move(validation));
  return dataset;
}

}  // namespace

Result<Dataset> load_dataset(const DatasetRequest& source, const DatasetObserver& observer) {
  if (std::optional<Error> problem = check_source(source)) return *problem;
  // A dataset too large for memory is the user's problem to hear about, not a crash.
  try {
    const DatasetReader& reader = dataset_reader(source.kind);
    if (reader.index != nullptr) return load_file_dataset(source, observer);
    return load_into_memory(reader, source);
  } catch (const std::bad_alloc&) {
    return Error::in_file(source.path,
                          "not enough memory to load the dataset; choose a smaller image size or "
                          "turn the decoded cache off");
  }
}

}  // namespace convstudio
