#include <vector>

#include "data/formats/dataset_reader.h"

namespace convstudio {

namespace formats {
#define CONVSTUDIO_DATASET_FORMAT(home) \
  namespace home {                      \
  DatasetReader reader();               \
  }
#include "data/formats/dataset_formats.def"
#undef CONVSTUDIO_DATASET_FORMAT
}  // namespace formats

const DatasetReader& dataset_reader(DatasetKind kind) {
  // In dataset_formats.def order: a kind is its format's position there.
  static const std::vector<DatasetReader> readers = {
#define CONVSTUDIO_DATASET_FORMAT(home) formats::home::reader(),
#include "data/formats/dataset_formats.def"
#undef CONVSTUDIO_DATASET_FORMAT
  };
  const auto position = static_cast<std::size_t>(kind);
  return readers[position < readers.size() ? position : 0];
}

}  // namespace convstudio
