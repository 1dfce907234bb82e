#include "data/formats/shared/labelled_files.h"

#include <algorithm>
#include <charconv>
#include <map>

#include "data/image_file_types.h"
#include "data/regular_file.h"

namespace convstudio::formats {
namespace {

std::optional<long long> whole_number(const std::string& text) {
  long long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// Class names in a stable order: numerically when every label is a whole number ("2" before
// "10"), else by text.
std::vector<std::string> ordered_classes(const std::vector<std::string>& labels) {
  std::vector<std::string> names = labels;
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  const bool numeric = std::all_of(
      names.begin(), names.end(), [](const std::string& n) { return whole_number(n).has_value(); });
  if (numeric) {
    std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
      return *whole_number(a) < *whole_number(b);
    });
  }
  return names;
}

}  // namespace

LabelledFiles::LabelledFiles(FileIndex& index, bool allow_paths_outside, std::string folder_name)
    : index_(index),
      allow_paths_outside_(allow_paths_outside),
      folder_name_(std::move(folder_name)),
      boundary_(index.root) {}

std::optional<std::string> LabelledFiles::add(const std::string& path, const std::string& label,
                                              std::int64_t line) {
  IndexedFile file;
  file.path = path;
  file.line = line;
  if (auto problem = check(file)) return problem;
  labels_.push_back(label);
  index_.files.push_back(std::move(file));
  return std::nullopt;
}

std::optional<std::string> LabelledFiles::check(IndexedFile& file) {
  const std::string& path = file.path;
  if (!is_image_file_name(path)) {
    return path + " is not an image file (" + std::string(kImageFileTypes) + ")";
  }
  const std::string full_path = index_.full_path(file);
  unsigned mode = 0;
  file.modified_ns = modified_ns(full_path, &file.bytes, &mode);
  if (file.modified_ns < 0) return full_path + " does not exist";
  if (auto reason = not_regular_file_reason(mode)) return full_path + " " + *reason;
  if (!boundary_.contains(full_path)) {
    if (!allow_paths_outside_) {
      return path + " lies outside " + folder_name_ + " " + index_.root +
             " (links followed); to use files elsewhere, set \"allow_paths_outside\": true in "
             "the project's dataset settings (new: --allow-paths-outside)";
    }
    index_.has_paths_outside = true;
  }
  return std::nullopt;
}

void LabelledFiles::assign_classes() {
  index_.class_names = ordered_classes(labels_);
  std::map<std::string, std::int32_t> class_of;
  for (std::size_t c = 0; c < index_.class_names.size(); ++c) {
    class_of[index_.class_names[c]] = static_cast<std::int32_t>(c);
  }
  for (std::size_t i = 0; i < index_.files.size(); ++i) {
    index_.files[i].label = class_of[labels_[i]];
  }
}

}  // namespace convstudio::formats
