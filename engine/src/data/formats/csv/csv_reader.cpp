#include "data/formats/csv/csv_dataset.h"
#include "data/formats/dataset_reader.h"

namespace convstudio::formats::csv {

DatasetReader reader() {
  DatasetReader reader;
  reader.index = read_csv_dataset;
  return reader;
}

}  // namespace convstudio::formats::csv
