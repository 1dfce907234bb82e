#include "data/csv_dataset.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include "data/folder_boundary.h"
#include "data/image_file_types.h"
#include "data/regular_file.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

constexpr std::int64_t kProgressEvery = 1024;

std::string trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// One CSV line split into fields (RFC 4180 quoting: "a,b" and "" for a quote inside). Quoted
// fields may not span lines. nullopt when a quote is left open.
std::optional<std::vector<std::string>> split_fields(std::string_view line) {
  std::vector<std::string> fields;
  std::string field;
  bool quoted = false;
  bool was_quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"' && trimmed(field).empty()) {
      quoted = was_quoted = true;
      field.clear();
    } else if (c == ',') {
      fields.push_back(was_quoted ? field : trimmed(field));
      field.clear();
      was_quoted = false;
    } else {
      field += c;
    }
  }
  if (quoted) return std::nullopt;
  fields.push_back(was_quoted ? field : trimmed(field));
  return fields;
}

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

// The first bad row is the error; the others are counted in its message.
class BadRows {
 public:
  explicit BadRows(std::string file) : file_(std::move(file)) {}
  void add(std::int64_t line, std::string message) {
    if (count_++ == 0)
      first_ = Error::at_line(file_, static_cast<int>(line), 1, std::move(message));
  }
  std::optional<Error> error() const {
    if (count_ == 0) return std::nullopt;
    Error error = first_;
    if (count_ > 1) {
      error.message +=
          " (and " + std::to_string(count_ - 1) + " more bad row" + (count_ > 2 ? "s" : "") + ")";
    }
    return error;
  }

 private:
  std::string file_;
  Error first_;
  std::int64_t count_ = 0;
};

}  // namespace

Result<FileIndex> read_csv_dataset(const std::string& csv, const ScanProgress& progress,
                                   bool allow_paths_outside) {
  FileIndex index;
  index.kind = DatasetKind::Csv;
  index.source = csv;
  index.root = fs::path(csv).parent_path().string();
  index.scanned_ns = now_ns();
  std::int64_t size = 0;
  unsigned mode = 0;
  const std::int64_t modified = modified_ns(csv, &size, &mode);
  if (modified < 0) return Error::in_file(csv, "cannot be opened");
  if (auto reason = not_regular_file_reason(mode)) return Error::in_file(csv, *reason);
  std::ifstream in(csv, std::ios::binary);
  if (!in) return Error::in_file(csv, "cannot be opened");
  index.stamps.push_back({csv, modified, size});

  std::string line;
  std::int64_t number = 0;
  std::size_t path_column = 0;
  std::size_t label_column = 0;
  bool have_header = false;
  BadRows bad(csv);
  FolderBoundary boundary(index.root);
  std::vector<std::string> labels;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (number == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // UTF-8 BOM
    if (trimmed(line).empty()) continue;
    const std::optional<std::vector<std::string>> fields = split_fields(line);
    if (!fields) {
      if (!have_header)
        return Error::at_line(csv, static_cast<int>(number), 1, "a quoted field does not end");
      bad.add(number, "a quoted field does not end on this line");
      continue;
    }
    if (!have_header) {
      std::vector<std::string> names;
      for (const std::string& field : *fields) names.push_back(lower(field));
      const auto path_at = std::find(names.begin(), names.end(), "path");
      const auto label_at = std::find(names.begin(), names.end(), "label");
      if (path_at == names.end() || label_at == names.end()) {
        return Error::at_line(
            csv, static_cast<int>(number), 1,
            "the header must name the columns path and label (found: " + line + ")");
      }
      path_column = static_cast<std::size_t>(path_at - names.begin());
      label_column = static_cast<std::size_t>(label_at - names.begin());
      have_header = true;
      continue;
    }
    const std::size_t needed = std::max(path_column, label_column) + 1;
    if (fields->size() < needed) {
      bad.add(number, "expected " + std::to_string(needed) + " fields (path and label), found " +
                          std::to_string(fields->size()));
      continue;
    }
    const std::string& path = (*fields)[path_column];
    const std::string& label = (*fields)[label_column];
    if (path.empty() || label.empty()) {
      bad.add(number, path.empty() ? "the path is empty" : "the label is empty");
      continue;
    }
    if (!is_image_file_name(path)) {
      bad.add(number, path + " is not an image file (" + std::string(kImageFileTypes) + ")");
      continue;
    }
    IndexedFile file;
    file.path = path;
    file.line = number;
    const std::string full_path = index.full_path(file);
    unsigned file_mode = 0;
    file.modified_ns = modified_ns(full_path, &file.bytes, &file_mode);
    if (file.modified_ns < 0) {
      bad.add(number, full_path + " does not exist");
      continue;
    }
    if (auto reason = not_regular_file_reason(file_mode)) {
      bad.add(number, full_path + " " + *reason);
      continue;
    }
    if (!boundary.contains(full_path)) {
      if (!allow_paths_outside) {
        bad.add(number, path + " lies outside the CSV's folder " + index.root +
                            " (links followed); to use files elsewhere, set "
                            "\"allow_paths_outside\": true in the project's dataset settings (new: "
                            "--allow-paths-outside)");
        continue;
      }
      index.has_paths_outside = true;
    }
    labels.push_back(label);
    index.files.push_back(std::move(file));
    if (progress && number % kProgressEvery == 0 && !progress(number)) {
      return Error::in_file(csv, "scan cancelled");
    }
  }
  if (!have_header) return Error::in_file(csv, "is empty: expected a header line path,label");
  if (auto error = bad.error()) return *error;
  if (index.files.empty()) return Error::in_file(csv, "lists no images");

  index.class_names = ordered_classes(labels);
  std::map<std::string, std::int32_t> class_of;
  for (std::size_t c = 0; c < index.class_names.size(); ++c) {
    class_of[index.class_names[c]] = static_cast<std::int32_t>(c);
  }
  for (std::size_t i = 0; i < index.files.size(); ++i) index.files[i].label = class_of[labels[i]];
  return index;
}

}  // namespace convstudio
