#include "data/formats/csv/csv_dataset.h"
#include "data/formats/dataset_reader.h"

namespace convstudio::formats::csv {
namespace {

// A list of labelled images has no masks.
Result<FileIndex> index(const std::string& source, const ScanProgress& progress,
                        bool allow_paths_outside, std::int64_t) {
  return read_csv_dataset(source, progress, allow_paths_outside);
}

}  // namespace

DatasetReader reader() {
  DatasetReader reader;
  reader.index = index;
  return reader;
}

}  // namespace convstudio::formats::csv
