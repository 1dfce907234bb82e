#include "data/formats/dataset_reader.h"
#include "data/formats/imagefolder/image_folder_scan.h"

namespace convstudio::formats::imagefolder {
namespace {

// A folder names no files by path, so there is nothing outside it to allow; it has no masks.
Result<FileIndex> index(const std::string& source, const ScanProgress& progress, bool,
                        std::int64_t) {
  return scan_image_folder(source, progress);
}

}  // namespace

DatasetReader reader() {
  DatasetReader reader;
  reader.index = index;
  return reader;
}

}  // namespace convstudio::formats::imagefolder
