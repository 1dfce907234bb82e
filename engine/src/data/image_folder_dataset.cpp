#include "data/image_folder_dataset.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>
#include <system_error>

#include <opencv2/imgcodecs.hpp>

#include "data/image_conversion.h"
#include "data/parallel_range.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kNamedSkippedFiles = 5;  // warnings name this many; the rest are counted
constexpr int kDefaultChannels = 3;

struct ImageFile {
  std::string path;
  std::int64_t label = 0;
};

bool is_image_file(const fs::path& file) {
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  return ext == ".png" || ext == ".jpg" || ext == ".jpeg" || ext == ".bmp";
}

std::vector<std::string> sorted_subfolders(const fs::path& folder) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory(ec) && !name.empty() && name[0] != '.') names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

// Every image file under folder/<class>/, labelled by the class's position in `classes`.
// A validation folder may lack some classes (`allow_missing`); an existing class folder must
// hold images.
Result<std::vector<ImageFile>> list_files(const fs::path& folder,
                                          const std::vector<std::string>& classes,
                                          bool allow_missing) {
  std::vector<ImageFile> files;
  for (std::size_t c = 0; c < classes.size(); ++c) {
    const fs::path class_folder = folder / classes[c];
    std::vector<std::string> paths;
    std::error_code ec;
    if (allow_missing && !fs::exists(class_folder, ec)) continue;
    for (const fs::directory_entry& entry : fs::directory_iterator(class_folder, ec)) {
      if (entry.is_regular_file(ec) && is_image_file(entry.path())) {
        paths.push_back(entry.path().string());
      }
    }
    if (ec) return Error::in_file(class_folder.string(), "cannot be read: " + ec.message());
    if (paths.empty()) {
      return Error::in_file(
          class_folder.string(),
          "class folder \"" + classes[c] + "\" holds no .png, .jpg, .jpeg or .bmp images");
    }
    std::sort(paths.begin(), paths.end());
    for (std::string& path : paths)
      files.push_back({std::move(path), static_cast<std::int64_t>(c)});
  }
  return files;
}

cv::Mat decode(const std::string& path, int channels) {
  try {
    return cv::imread(path, channels == 1 ? cv::IMREAD_GRAYSCALE : cv::IMREAD_COLOR);
  } catch (const cv::Exception&) {
    return {};  // a corrupt file makes some codecs throw rather than return nothing
  }
}

// Decodes `files` into an ImageSet of channels x height x width, leaving out files that cannot
// be decoded and recording them in `raw`.
Result<ImageSet> decode_all(const std::vector<ImageFile>& files, const fs::path& folder,
                            int channels, int height, int width, RawDataset& raw) {
  ImageSet set;
  set.channels = channels;
  set.height = height;
  set.width = width;
  set.pixels.resize(files.size() * set.image_bytes());
  set.labels.resize(files.size());
  std::vector<char> decoded(files.size(), 0);

  parallel_range(
      static_cast<std::int64_t>(files.size()), [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t i = begin; i < end; ++i) {
          const cv::Mat image = decode(files[static_cast<std::size_t>(i)].path, channels);
          if (image.empty()) continue;
          write_planar(image, true, set.image(i), channels, height, width);
          decoded[static_cast<std::size_t>(i)] = 1;
        }
      });

  // Close the gaps the skipped files left, keeping the order.
  std::int64_t kept = 0;
  std::int64_t skipped = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!decoded[i]) {
      if (raw.warnings.size() < kNamedSkippedFiles) {
        raw.warnings.push_back(
            Error::in_file(files[i].path, "cannot be decoded as an image; skipped"));
      }
      ++skipped;
      continue;
    }
    if (kept != static_cast<std::int64_t>(i)) {
      std::copy_n(set.image(static_cast<std::int64_t>(i)), set.image_bytes(), set.image(kept));
    }
    set.labels[static_cast<std::size_t>(kept)] = files[i].label;
    ++kept;
  }
  raw.skipped_files += skipped;
  if (kept == 0) {
    return Error::in_file(folder.string(),
                          "none of the " + std::to_string(files.size()) +
                              " image files could be decoded (first: " + files.front().path + ")");
  }
  set.pixels.resize(static_cast<std::size_t>(kept) * set.image_bytes());
  set.labels.resize(static_cast<std::size_t>(kept));
  return set;
}

std::optional<fs::path> validation_folder(const fs::path& root) {
  std::error_code ec;
  if (!fs::is_directory(root / "train", ec)) return std::nullopt;
  for (const char* name : {"val", "valid", "validation", "test"}) {
    if (fs::is_directory(root / name, ec)) return root / name;
  }
  return std::nullopt;
}

}  // namespace

Result<RawDataset> ImageFolderDataset::read(const DatasetRequest& source) {
  const fs::path root = source.path;
  std::error_code ec;
  if (source.path.empty()) return Error::in_setting("dataset.path", "no dataset folder given");
  if (!fs::exists(root, ec)) return Error::in_file(root.string(), "folder does not exist");
  if (!fs::is_directory(root, ec)) return Error::in_file(root.string(), "is not a folder");

  const std::optional<fs::path> validation = validation_folder(root);
  const fs::path train_root = validation ? root / "train" : root;
  RawDataset raw;
  raw.path = root.string();
  raw.class_names = sorted_subfolders(train_root);
  if (raw.class_names.empty()) {
    return Error::in_file(train_root.string(),
                          "no class folders: expected one subfolder of images per class");
  }

  Result<std::vector<ImageFile>> train_files = list_files(train_root, raw.class_names, false);
  if (!train_files) return train_files.error();
  std::vector<ImageFile> validation_files;
  if (validation) {
    for (const std::string& name : sorted_subfolders(*validation)) {
      if (std::find(raw.class_names.begin(), raw.class_names.end(), name) ==
          raw.class_names.end()) {
        return Error::in_file(
            (*validation / name).string(),
            "class folder \"" + name + "\" has no counterpart in " + train_root.string());
      }
    }
    Result<std::vector<ImageFile>> files = list_files(*validation, raw.class_names, true);
    if (!files) return files.error();
    validation_files = std::move(files).value();
    if (validation_files.empty()) {
      return Error::in_file(validation->string(), "validation folder holds no class folders");
    }
  }

  // The shape: what the model asked for, else 3 channels at the size of the first good image.
  const int channels = source.channels > 0 ? source.channels : kDefaultChannels;
  int height = source.height;
  int width = source.width;
  for (std::size_t i = 0; (height <= 0 || width <= 0) && i < train_files.value().size(); ++i) {
    const cv::Mat first = decode(train_files.value()[i].path, channels);
    if (!first.empty()) {
      height = height > 0 ? height : first.rows;
      width = width > 0 ? width : first.cols;
    }
  }
  if (height <= 0 || width <= 0) {
    return Error::in_file(
        train_root.string(),
        "none of the " + std::to_string(train_files.value().size()) +
            " image files could be decoded (first: " + train_files.value().front().path + ")");
  }

  Result<ImageSet> train =
      decode_all(train_files.value(), train_root, channels, height, width, raw);
  if (!train) return train.error();
  raw.train = std::move(train).value();
  if (validation) {
    Result<ImageSet> test = decode_all(validation_files, *validation, channels, height, width, raw);
    if (!test) return test.error();
    raw.test = std::move(test).value();
  }
  if (raw.skipped_files > static_cast<std::int64_t>(raw.warnings.size())) {
    raw.warnings.push_back(Error::in_file(
        root.string(),
        std::to_string(raw.skipped_files) + " unreadable image files were skipped in all"));
  }
  return raw;
}

}  // namespace convstudio
