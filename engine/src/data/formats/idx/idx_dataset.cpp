#include "data/formats/idx/idx_dataset.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <system_error>

#include "data/idx_file.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

// Byte offset of the first label in an IDX labels file (magic + count).
constexpr std::int64_t kLabelsHeaderBytes = 8;

struct IdxPair {
  std::string images;
  std::string labels;
};

enum class Split { Train, Test };

// "train-images-idx3-ubyte.gz", "t10k-labels.idx1-ubyte", "test-images-idx3-ubyte": the
// spellings in the wild differ in the separator and the compression.
std::optional<std::pair<Split, bool>> classify(const std::string& name) {
  const bool images =
      name.find("images") != std::string::npos && name.find("idx3-ubyte") != std::string::npos;
  const bool labels =
      name.find("labels") != std::string::npos && name.find("idx1-ubyte") != std::string::npos;
  if (images == labels) return std::nullopt;
  if (name.rfind("train", 0) == 0) return std::pair{Split::Train, images};
  if (name.rfind("t10k", 0) == 0 || name.rfind("test", 0) == 0)
    return std::pair{Split::Test, images};
  return std::nullopt;
}

std::map<Split, IdxPair> find_pairs(const fs::path& folder) {
  std::map<Split, IdxPair> pairs;
  std::vector<fs::path> files;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
    if (entry.is_regular_file(ec)) files.push_back(entry.path());
  }
  // Sorted, so a folder with both raw and .gz copies always picks the same (raw) one.
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    const auto kind = classify(file.filename().string());
    if (!kind) continue;
    std::string& slot = kind->second ? pairs[kind->first].images : pairs[kind->first].labels;
    if (slot.empty()) slot = file.string();
  }
  return pairs;
}

// Reads one images/labels pair and checks the two agree and every label is below `classes`
// (when `classes` > 0).
Result<ImageSet> read_pair(const IdxPair& pair, std::int64_t classes,
                           const std::string& class_source) {
  Result<ImageSet> images = read_idx_images(pair.images);
  if (!images) return images.error();
  Result<std::vector<std::int64_t>> labels = read_idx_labels(pair.labels);
  if (!labels) return labels.error();

  ImageSet set = std::move(images).value();
  std::vector<std::int64_t> values = std::move(labels).value();
  if (static_cast<std::int64_t>(values.size()) != set.size()) {
    return Error::at_byte(pair.labels, 4,
                          "holds " + std::to_string(values.size()) + " labels, but " + pair.images +
                              " holds " + std::to_string(set.size()) + " images");
  }
  if (classes > 0) {
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (values[i] >= classes) {
        return Error::at_byte(pair.labels, kLabelsHeaderBytes + static_cast<std::int64_t>(i),
                              "label " + std::to_string(values[i]) + " of image " +
                                  std::to_string(i) + " is out of range: " + class_source +
                                  " has " + std::to_string(classes) + " classes (0 to " +
                                  std::to_string(classes - 1) + ")");
      }
    }
  }
  set.labels = std::move(values);
  return set;
}

}  // namespace

Result<RawDataset> read_idx_folder(const std::string& folder, const IdxClasses& named) {
  const bool has_names = !named.names.empty();
  std::error_code ec;
  if (folder.empty()) return Error::in_setting("dataset.path", "no dataset folder given");
  if (!fs::exists(folder, ec)) return Error::in_file(folder, "folder does not exist");
  if (!fs::is_directory(folder, ec)) return Error::in_file(folder, "is not a folder");

  std::map<Split, IdxPair> pairs = find_pairs(folder);
  const IdxPair train = pairs[Split::Train];
  if (train.images.empty()) {
    return Error::in_file(folder, "no train-images-idx3-ubyte[.gz] file in this folder");
  }
  if (train.labels.empty()) {
    return Error::in_file(folder, "found " + fs::path(train.images).filename().string() +
                                      " but no train-labels-idx1-ubyte[.gz] beside it");
  }

  RawDataset raw;
  raw.path = folder;
  std::int64_t classes = static_cast<std::int64_t>(named.names.size());
  Result<ImageSet> train_set = read_pair(train, classes, named.source);
  if (!train_set) return train_set.error();
  raw.train = std::move(train_set).value();
  if (raw.train.size() == 0) return Error::in_file(train.images, "holds no images");

  if (has_names) {
    raw.class_names = named.names;
  } else {
    // A plain IDX pair names no classes: there are as many as the largest training label says.
    classes = *std::max_element(raw.train.labels.begin(), raw.train.labels.end()) + 1;
    for (std::int64_t c = 0; c < classes; ++c) raw.class_names.push_back(std::to_string(c));
  }

  const IdxPair test = pairs[Split::Test];
  if (!test.images.empty() && !test.labels.empty()) {
    Result<ImageSet> test_set =
        read_pair(test, classes, has_names ? named.source : "the training labels");
    if (!test_set) return test_set.error();
    if (test_set.value().height != raw.train.height || test_set.value().width != raw.train.width) {
      return Error::at_byte(
          test.images, 8,
          "images are " + std::to_string(test_set.value().height) + " x " +
              std::to_string(test_set.value().width) + ", but the training images are " +
              std::to_string(raw.train.height) + " x " + std::to_string(raw.train.width));
    }
    raw.test = std::move(test_set).value();
  } else if (!test.images.empty() || !test.labels.empty()) {
    const std::string& present = test.images.empty() ? test.labels : test.images;
    raw.warnings.push_back(Error::in_file(
        present, "has no matching " + std::string(test.images.empty() ? "images" : "labels") +
                     " file; validating on part of the training data instead"));
  }
  return raw;
}

}  // namespace convstudio
