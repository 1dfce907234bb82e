#pragma once
// What a dataset reader found on disk, before the common steps (conversion to the requested
// shape, validation split, statistics) turn it into a Dataset.

#include <optional>
#include <string>
#include <vector>

#include "convstudio/data/image_set.h"
#include "convstudio/error.h"

namespace convstudio {

struct RawDataset {
  std::string path;
  ImageSet train;
  std::optional<ImageSet> test;  // the dataset's own test split, when it has one
  std::vector<std::string> class_names;
  std::int64_t skipped_files = 0;
  std::vector<Error> warnings;
};

}  // namespace convstudio
