#include "data/formats/csv/csv_dataset.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <optional>

#include "data/formats/shared/bad_entries.h"
#include "data/formats/shared/csv_fields.h"
#include "data/formats/shared/labelled_files.h"
#include "data/regular_file.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using formats::BadEntries;
using formats::LabelledFiles;
using formats::next_list_line;
using formats::split_csv_fields;
using formats::trimmed_field;

constexpr std::int64_t kProgressEvery = 1024;

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

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
  BadEntries bad(csv, "row");
  LabelledFiles files(index, allow_paths_outside, "the CSV's folder");
  while (next_list_line(in, line, number)) {
    const std::optional<std::vector<std::string>> fields = split_csv_fields(line);
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
    if (auto problem = files.add(path, label, number)) {
      bad.add(number, *problem);
      continue;
    }
    if (progress && number % kProgressEvery == 0 && !progress(number)) {
      return Error::in_file(csv, "scan cancelled");
    }
  }
  if (!have_header) return Error::in_file(csv, "is empty: expected a header line path,label");
  if (auto error = bad.error()) return *error;
  if (index.files.empty()) return Error::in_file(csv, "lists no images");
  files.assign_classes();
  return index;
}

}  // namespace convstudio
