#include "data/formats/dataset_reader.h"
#include "data/formats/idx/idx_dataset.h"

namespace convstudio::formats::idx {
namespace {

Result<RawDataset> read(const DatasetRequest& request) {
  return read_idx_folder(request.path);
}

}  // namespace

DatasetReader reader() {
  DatasetReader reader;
  reader.read_whole = read;
  return reader;
}

}  // namespace convstudio::formats::idx
