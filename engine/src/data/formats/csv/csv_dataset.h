#pragma once
// Indexing a labels-in-a-CSV dataset, the layout competitions ship: a header naming the
// columns `path` and `label` (others are ignored), then one row per image. Paths are relative
// to the CSV's folder; labels are class names, ordered numerically when they are all whole
// numbers. Bad rows are errors with their line number: among them a file that lies outside the
// CSV's folder once links are followed (`..`, an absolute path, a link leading out), unless
// `allow_paths_outside` (the dataset setting of that name), and a name that is not a regular
// file (a FIFO would block the first read forever).

#include <string>

#include "convstudio/result.h"
#include "data/file_index.h"

namespace convstudio {

// The index of the CSV file `csv` (absolute), or its first bad row (with a count of the rest).
Result<FileIndex> read_csv_dataset(const std::string& csv, const ScanProgress& progress,
                                   bool allow_paths_outside = false);

}  // namespace convstudio
