#pragma once
// Indexing a labels-in-a-CSV dataset, the layout competitions ship: a header naming the
// columns `path` and `label` (others are ignored), then one row per image. Paths are relative
// to the CSV's folder (or absolute); labels are class names, ordered numerically when they are
// all whole numbers. Bad rows are errors with their line number.

#include <string>

#include "convstudio/result.h"
#include "data/file_index.h"

namespace convstudio {

// The index of the CSV file `csv` (absolute), or its first bad row (with a count of the rest).
Result<FileIndex> read_csv_dataset(const std::string& csv, const ScanProgress& progress);

}  // namespace convstudio
