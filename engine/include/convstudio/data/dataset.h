#pragma once
// A dataset loaded into memory: its description plus the decoded training and validation
// images. load_dataset() is the one entry point for every kind; bad data comes back as an error.

#include <memory>

#include "convstudio/data/dataset_info.h"
#include "convstudio/data/dataset_request.h"
#include "convstudio/data/image_set.h"
#include "convstudio/result.h"

namespace convstudio {

struct Dataset {
  DatasetInfo info;
  // Shared and immutable, so loaders on several threads and the GUI preview can read them.
  std::shared_ptr<const ImageSet> train;
  std::shared_ptr<const ImageSet> validation;
};

Result<Dataset> load_dataset(const DatasetRequest& source);

}  // namespace convstudio
