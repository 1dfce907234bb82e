#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <vector>

#include "data/formats/dataset_reader.h"
#include "data/formats/segmentation_folder/mask_folder_layout.h"
#include "data/formats/shared/class_list.h"
#include "data/formats/shared/mask_pairs.h"
#include "data/image_file_types.h"

namespace convstudio::formats::segmentation_folder {
namespace {

namespace fs = std::filesystem;

// The image files directly in `folder`, by name.
Result<std::vector<std::string>> image_names(const std::string& folder) {
  std::error_code ec;
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.front() != '.' && is_image_file_name(name)) names.push_back(name);
  }
  if (ec) return Error::in_file(folder, "cannot be read: " + ec.message());
  std::sort(names.begin(), names.end());
  return names;
}

void stamp(FileIndex& index, const std::string& path) {
  std::int64_t size = 0;
  unsigned mode = 0;
  const std::int64_t modified = modified_ns(path, &size, &mode);
  index.stamps.push_back({path, modified, S_ISREG(mode) ? size : count_entries(path)});
}

// Adds the pairs of `part`/images and `part`/masks ("" or "val"): every image needs its mask.
std::optional<Error> add_pairs(FileIndex& index, const std::string& part, bool validation) {
  const std::string prefix = part.empty() ? "" : part + '/';
  const std::string images = index.root + '/' + prefix + kImagesFolder;
  const std::string masks = index.root + '/' + prefix + kMasksFolder;
  Result<std::vector<std::string>> names = image_names(images);
  if (!names) return names.error();
  if (names.value().empty()) {
    return Error::in_file(images, "holds no images (" + std::string(kImageFileTypes) + ")");
  }
  stamp(index, images);
  stamp(index, masks);
  for (const std::string& name : names.value()) {
    const std::string mask = mask_path_for(masks, name);
    IndexedFile file;
    file.path = prefix + kImagesFolder + '/' + name;
    file.modified_ns = modified_ns(images + '/' + name, &file.bytes);
    if (file.modified_ns < 0) continue;  // vanished since the listing
    if (modified_ns(mask) < 0) {
      return Error::in_file(images + '/' + name, "has no mask: expected " + mask);
    }
    file.mask = mask.substr(index.root.size() + 1);
    file.validation = validation;
    index.files.push_back(std::move(file));
  }
  return std::nullopt;
}

Result<FileIndex> index(const std::string& source, const ScanProgress& progress, bool,
                        std::int64_t ignore_label) {
  FileIndex index;
  index.source = source;
  index.root = source;
  index.scanned_ns = now_ns();
  stamp(index, source);
  for (const char* folder : {kImagesFolder, kMasksFolder}) {
    if (!fs::is_directory(source + '/' + folder)) {
      return Error::in_file(source, std::string("has no ") + folder +
                                        "/ folder: a segmentation folder holds images/ and masks/");
    }
  }
  if (auto problem = add_pairs(index, "", false)) return *problem;
  const std::string validation = validation_folder(source);
  if (!validation.empty()) {
    if (auto problem = add_pairs(index, validation, true)) return *problem;
    index.has_validation_folder = true;
  }
  std::string classes_file;
  Result<std::optional<ClassList>> classes = read_class_list(source, &classes_file);
  if (!classes) return classes.error();
  if (!classes_file.empty()) stamp(index, classes_file);
  if (auto problem = read_masks(index, classes.value(), ignore_label, progress)) return *problem;
  return index;
}

}  // namespace

DatasetReader reader() {
  DatasetReader reader;
  reader.index = index;
  return reader;
}

}  // namespace convstudio::formats::segmentation_folder
