#include "data/formats/imagefolder/image_folder_scan.h"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>

#include "data/formats/imagefolder/validation_folder.h"
#include "data/image_file_types.h"

namespace convstudio {
namespace {

constexpr std::int64_t kProgressEvery = 1024;  // files between progress reports

struct Listing {
  std::vector<std::string> folders;  // names of visible subfolders
  std::vector<std::string> images;   // names of image files (by extension)
  std::int64_t entries = 0;
  bool readable = true;
};

bool is_folder(const std::string& path, unsigned char type) {
  if (type == DT_DIR) return true;
  if (type != DT_UNKNOWN && type != DT_LNK) return false;
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 && S_ISDIR(status.st_mode);
}

// readdir directly: the names and types come in one pass, where std::filesystem would stat
// each entry once for its type and again for its size and time.
Listing list_folder(const std::string& folder) {
  Listing listing;
  std::unique_ptr<DIR, int (*)(DIR*)> dir(::opendir(folder.c_str()), &::closedir);
  if (!dir) {
    listing.readable = false;
    return listing;
  }
  while (const dirent* entry = ::readdir(dir.get())) {
    const char* name = entry->d_name;
    if (std::strcmp(name, ".") == 0 || std::strcmp(name, "..") == 0) continue;
    ++listing.entries;
    if (name[0] == '.') continue;
    if (is_image_file_name(name)) {
      listing.images.emplace_back(name);
    } else if (is_folder(folder + '/' + name, entry->d_type)) {
      listing.folders.emplace_back(name);
    }
  }
  std::sort(listing.folders.begin(), listing.folders.end());
  std::sort(listing.images.begin(), listing.images.end());
  return listing;
}

class FolderScan {
 public:
  FolderScan(FileIndex& index, const ScanProgress& progress) : index_(index), progress_(progress) {}

  // Adds the images of `relative`/<class> for every class. A training class folder must hold
  // images; a validation folder may lack classes.
  std::optional<Error> add_classes(const std::string& relative, bool validation) {
    for (std::size_t c = 0; c < index_.class_names.size(); ++c) {
      const std::string folder = join(relative, index_.class_names[c]);
      const std::string path = index_.root + '/' + folder;
      const Listing listing = list_folder(path);
      if (!listing.readable) {
        if (validation) continue;  // a validation folder may lack a class
        return Error::in_file(path, "cannot be read");
      }
      if (listing.images.empty()) {
        if (validation) continue;
        return Error::in_file(path, "class folder \"" + index_.class_names[c] +
                                        "\" holds no images (" + std::string(kImageFileTypes) +
                                        ")");
      }
      index_.stamps.push_back({path, modified_ns(path), listing.entries});
      for (const std::string& name : listing.images) {
        if (auto problem = add_file(folder + '/' + name, static_cast<int>(c), validation)) {
          return problem;
        }
      }
    }
    return std::nullopt;
  }

 private:
  static std::string join(const std::string& a, const std::string& b) {
    return a.empty() ? b : a + '/' + b;
  }

  std::optional<Error> add_file(std::string relative, int label, bool validation) {
    IndexedFile file;
    file.modified_ns = modified_ns(index_.root + '/' + relative, &file.bytes);
    file.path = std::move(relative);
    file.label = label;
    file.validation = validation;
    // A file that vanished since the listing (or a dangling link) is simply not indexed.
    if (file.modified_ns >= 0) index_.files.push_back(std::move(file));
    if (progress_ && ++seen_ % kProgressEvery == 0 && !progress_(seen_)) {
      return Error::in_file(index_.source, "scan cancelled");
    }
    return std::nullopt;
  }

  FileIndex& index_;
  const ScanProgress& progress_;
  std::int64_t seen_ = 0;
};

}  // namespace

Result<FileIndex> scan_image_folder(const std::string& root, const ScanProgress& progress) {
  FileIndex index;
  index.kind = DatasetKind::ImageFolder;
  index.source = root;
  index.root = root;
  index.scanned_ns = now_ns();

  const std::string validation = formats::imagefolder::validation_folder(root);
  const bool split = !validation.empty();
  const std::string train = split ? "train" : "";
  const std::string train_path = split ? root + "/train" : root;
  const Listing top = list_folder(root);
  if (!top.readable) return Error::in_file(root, "cannot be read");
  index.stamps.push_back({root, modified_ns(root), top.entries});
  const Listing classes = split ? list_folder(train_path) : top;
  if (split) index.stamps.push_back({train_path, modified_ns(train_path), classes.entries});
  index.class_names = classes.folders;
  if (index.class_names.empty()) {
    return Error::in_file(train_path,
                          "no class folders: expected one subfolder of images per class");
  }

  FolderScan scan(index, progress);
  if (auto problem = scan.add_classes(train, false)) return *problem;
  if (split) {
    const std::string validation_path = root + '/' + validation;
    const Listing listing = list_folder(validation_path);
    index.stamps.push_back({validation_path, modified_ns(validation_path), listing.entries});
    for (const std::string& name : listing.folders) {
      if (!std::binary_search(index.class_names.begin(), index.class_names.end(), name)) {
        return Error::in_file(validation_path + '/' + name,
                              "class folder \"" + name + "\" has no counterpart in " + train_path);
      }
    }
    const std::size_t before = index.files.size();
    if (auto problem = scan.add_classes(validation, true)) return *problem;
    if (index.files.size() == before) {
      return Error::in_file(validation_path, "validation folder holds no images in class folders");
    }
    index.has_validation_folder = true;
  }
  if (progress && !progress(static_cast<std::int64_t>(index.files.size()))) {
    return Error::in_file(root, "scan cancelled");
  }
  return index;
}

}  // namespace convstudio
