#include <fstream>
#include <unordered_map>
#include <vector>

#include "data/formats/dataset_reader.h"
#include "data/formats/labelled_folder/labels_sidecar.h"
#include "data/formats/labelled_folder/labels_sidecar_names.h"
#include "data/formats/shared/labelled_files.h"
#include "data/regular_file.h"

namespace convstudio::formats::labelled_folder {
namespace {

// A labels file is read whole before its entries are checked: this keeps a
// hostile one (or a link to a disk image) from costing more than this much
// memory. About a million images at 100 bytes a line.
constexpr std::int64_t kMaxSidecarBytes = std::int64_t{128} << 20;
constexpr std::int64_t kProgressEvery = 1024;

std::string megabytes(std::int64_t bytes) {
  return std::to_string(bytes >> 20) + " MB";
}

Result<std::string> find_sidecar(const std::string& folder) {
  std::vector<std::string> present;
  for (std::string_view name : kSidecarNames) {
    if (modified_ns(folder + '/' + std::string(name)) >= 0) present.emplace_back(name);
  }
  if (present.empty()) {
    return Error::in_file(folder, "holds no labels file (labels.csv, labels.txt or labels.json)");
  }
  if (present.size() > 1) {
    return Error::in_file(folder, "holds both " + present[0] + " and " + present[1] +
                                      "; keep the one that labels the images");
  }
  return folder + '/' + present.front();
}

// A labelled folder has no masks: the ignore label does not apply.
Result<FileIndex> index(const std::string& source, const ScanProgress& progress,
                        bool allow_paths_outside, std::int64_t) {
  Result<std::string> found = find_sidecar(source);
  if (!found) return found.error();
  const std::string sidecar = std::move(found).value();
  std::int64_t size = 0;
  unsigned mode = 0;
  const std::int64_t modified = modified_ns(sidecar, &size, &mode);
  if (modified < 0) return Error::in_file(sidecar, "cannot be opened");
  if (auto reason = not_regular_file_reason(mode)) return Error::in_file(sidecar, *reason);
  if (size > kMaxSidecarBytes) {
    return Error::in_file(sidecar, "is " + megabytes(size) + "; a labels file may hold at most " +
                                       megabytes(kMaxSidecarBytes));
  }
  std::ifstream in(sidecar, std::ios::binary);
  if (!in) return Error::in_file(sidecar, "cannot be opened");
  // Read at most the bound even if the file grew since it was measured.
  std::string text(static_cast<std::size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));

  FileIndex index;
  index.source = source;
  index.root = source;
  index.scanned_ns = now_ns();
  index.stamps.push_back({source, modified_ns(source), count_entries(source)});
  index.stamps.push_back({sidecar, modified, size});

  LabelledFiles files(index, allow_paths_outside, "the dataset folder");
  BadEntries bad(sidecar, "line");
  std::unordered_map<std::string, std::int64_t> first_line;
  bool cancelled = false;
  const SidecarVisitor visit = [&](SidecarEntry&& entry) {
    const auto [seen, added] = first_line.emplace(entry.file, entry.line);
    if (!added) {
      bad.add(entry.line,
              entry.file + " is listed twice (first on line " + std::to_string(seen->second) + ")");
    } else if (auto problem = files.add(entry.file, entry.label, entry.line)) {
      bad.add(entry.line, *problem);
    }
    const auto entries = static_cast<std::int64_t>(first_line.size());
    if (progress && entries % kProgressEvery == 0 && !progress(entries)) cancelled = true;
    return !cancelled;
  };
  if (auto error = parse_labels_sidecar(text, sidecar_syntax(sidecar), sidecar, bad, visit)) {
    return *error;
  }
  if (cancelled) return Error::in_file(source, "scan cancelled");
  if (auto error = bad.error()) return *error;
  if (files.size() == 0) return Error::in_file(sidecar, "lists no images");
  files.assign_classes();
  return index;
}

}  // namespace

DatasetReader reader() {
  DatasetReader reader;
  reader.index = index;
  return reader;
}

}  // namespace convstudio::formats::labelled_folder
