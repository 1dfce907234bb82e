#pragma once
// What every format that lists its files with a label each (the CSV list, a folder's labels
// sidecar) does alike once an entry is parsed: the entry's file must be an image, exist, be a
// regular file and lie inside the list's folder (bad_entries.h reports the ones that do not);
// class names are ordered numerically when every label is a whole number, else by text.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "data/file_index.h"
#include "data/folder_boundary.h"

namespace convstudio::formats {

// Collects a list's files and labels into `index` (root set), checking each file as it comes.
class LabelledFiles {
 public:
  // `folder_name`: how messages call the index's root, "the CSV's folder".
  LabelledFiles(FileIndex& index, bool allow_paths_outside, std::string folder_name);

  // Adds the file `path` (relative to the index's root, or absolute) with `label`, read at
  // `line`; nullopt, or why the entry is refused.
  std::optional<std::string> add(const std::string& path, const std::string& label,
                                 std::int64_t line);
  // The same checks for a file listed beside an entry's own (a segmentation row's mask):
  // `file`'s path set, its size and time filled in; nullopt, or why it is refused.
  std::optional<std::string> check(IndexedFile& file);
  std::size_t size() const { return labels_.size(); }
  // Orders the classes and gives every file its class index.
  void assign_classes();

 private:
  FileIndex& index_;
  bool allow_paths_outside_;
  std::string folder_name_;
  FolderBoundary boundary_;
  std::vector<std::string> labels_;
};

}  // namespace convstudio::formats
