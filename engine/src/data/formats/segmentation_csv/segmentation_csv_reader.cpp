#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include "data/formats/dataset_reader.h"
#include "data/formats/shared/bad_entries.h"
#include "data/formats/shared/class_list.h"
#include "data/formats/shared/csv_fields.h"
#include "data/formats/shared/labelled_files.h"
#include "data/formats/shared/mask_pairs.h"
#include "data/regular_file.h"

namespace convstudio::formats::segmentation_csv {
namespace {

namespace fs = std::filesystem;

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

struct Columns {
  std::size_t image = 0;
  std::size_t mask = 0;
};

std::optional<Columns> header_columns(const std::vector<std::string>& fields) {
  std::vector<std::string> names;
  for (const std::string& field : fields) names.push_back(lower(field));
  const auto image = std::find(names.begin(), names.end(), "image");
  const auto mask = std::find(names.begin(), names.end(), "mask");
  if (image == names.end() || mask == names.end()) return std::nullopt;
  return Columns{static_cast<std::size_t>(image - names.begin()),
                 static_cast<std::size_t>(mask - names.begin())};
}

// The rows' pairs, each image and mask checked as a CSV list checks its files.
std::optional<Error> read_rows(FileIndex& index, const std::string& csv, bool allow_paths_outside) {
  std::ifstream in(csv, std::ios::binary);
  if (!in) return Error::in_file(csv, "cannot be opened");
  std::string line;
  std::int64_t number = 0;
  std::optional<Columns> columns;
  BadEntries bad(csv, "row");
  LabelledFiles files(index, allow_paths_outside, "the CSV's folder");
  while (next_list_line(in, line, number)) {
    const std::optional<std::vector<std::string>> fields = split_csv_fields(line);
    if (!fields) {
      if (!columns)
        return Error::at_line(csv, static_cast<int>(number), 1, "a quoted field does not end");
      bad.add(number, "a quoted field does not end on this line");
      continue;
    }
    if (!columns) {
      columns = header_columns(*fields);
      if (!columns) {
        return Error::at_line(
            csv, static_cast<int>(number), 1,
            "the header must name the columns image and mask (found: " + line + ")");
      }
      continue;
    }
    const std::size_t needed = std::max(columns->image, columns->mask) + 1;
    if (fields->size() < needed) {
      bad.add(number, "expected " + std::to_string(needed) + " fields (image and mask), found " +
                          std::to_string(fields->size()));
      continue;
    }
    const std::string& image = (*fields)[columns->image];
    const std::string& mask = (*fields)[columns->mask];
    if (image.empty() || mask.empty()) {
      bad.add(number,
              image.empty() ? "the image is empty" : "the mask is empty (every image needs one)");
      continue;
    }
    IndexedFile mask_file;
    mask_file.path = mask;
    if (auto problem = files.check(mask_file)) {
      bad.add(number, "mask " + *problem);
      continue;
    }
    if (auto problem = files.add(image, "0", number)) {
      bad.add(number, *problem);
      continue;
    }
    index.files.back().mask = mask;
  }
  if (!columns) return Error::in_file(csv, "is empty: expected a header line image,mask");
  if (auto error = bad.error()) return *error;
  if (index.files.empty()) return Error::in_file(csv, "lists no images");
  return std::nullopt;
}

Result<FileIndex> index(const std::string& source, const ScanProgress& progress,
                        bool allow_paths_outside, std::int64_t ignore_label) {
  FileIndex index;
  index.source = source;
  index.root = fs::path(source).parent_path().string();
  index.scanned_ns = now_ns();
  std::int64_t size = 0;
  unsigned mode = 0;
  const std::int64_t modified = modified_ns(source, &size, &mode);
  if (modified < 0) return Error::in_file(source, "cannot be opened");
  if (auto reason = not_regular_file_reason(mode)) return Error::in_file(source, *reason);
  index.stamps.push_back({source, modified, size});
  if (auto problem = read_rows(index, source, allow_paths_outside)) return *problem;

  std::string classes_file;
  Result<std::optional<ClassList>> classes = read_class_list(index.root, &classes_file);
  if (!classes) return classes.error();
  if (!classes_file.empty()) {
    const std::int64_t time = modified_ns(classes_file, &size);
    index.stamps.push_back({classes_file, time, size});
  }
  if (auto problem = read_masks(index, classes.value(), ignore_label, progress)) return *problem;
  return index;
}

}  // namespace

DatasetReader reader() {
  DatasetReader reader;
  reader.index = index;
  return reader;
}

}  // namespace convstudio::formats::segmentation_csv
