#pragma once
// What a loaded dataset is, for the GUI's dataset panel and the CLI's summary: counts, class
// names, input shape, normalisation statistics and the warnings met while loading.

#include <cstdint>
#include <string>
#include <vector>

#include "convstudio/data/dataset_request.h"
#include "convstudio/error.h"

namespace convstudio {

struct DatasetInfo {
  DatasetKind kind = DatasetKind::FashionMnist;
  std::string path;  // the folder actually read

  std::int64_t train_count = 0;
  std::int64_t validation_count = 0;
  bool validation_is_test_set = false;  // false: a seeded fraction of the training data

  std::vector<std::string> class_names;
  std::vector<std::int64_t> train_class_counts;  // images per class in the training split

  int channels = 0;
  int height = 0;
  int width = 0;

  // Per channel, of pixel / 255 over the training split; the loader normalises with these.
  std::vector<float> mean;
  std::vector<float> std;

  std::int64_t skipped_files = 0;  // unreadable or corrupt images left out
  std::vector<Error> warnings;     // the first few skipped files, and other non-fatal problems
};

}  // namespace convstudio
