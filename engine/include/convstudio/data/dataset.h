#pragma once
// A dataset ready for training: its description plus the training and validation splits.
// load_dataset() is the one entry point for every kind; bad data comes back as an error. Image
// folders and CSV lists are indexed (once; the index is cached) but not decoded: their images
// are read when a loader or a preview asks for them.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "convstudio/data/dataset_info.h"
#include "convstudio/data/dataset_request.h"
#include "convstudio/data/sample_set.h"
#include "convstudio/result.h"

namespace convstudio {

struct Dataset {
  DatasetInfo info;
  // Shared and immutable, so loaders on several threads and the GUI preview can read them.
  std::shared_ptr<const SampleSet> train;
  std::shared_ptr<const SampleSet> validation;
};

// How far loading has come, for a progress bar: `done` of `total` (-1 when not yet known)
// files scanned or images sampled for the statistics.
struct DatasetProgress {
  enum class Stage { Scanning, Statistics };
  Stage stage = Stage::Scanning;
  std::int64_t done = 0;
  std::int64_t total = -1;
  std::string path;  // the folder or file being read
};

// Called now and then while loading; returning false cancels the load, which then returns an
// error saying so.
using DatasetObserver = std::function<bool(const DatasetProgress&)>;

Result<Dataset> load_dataset(const DatasetRequest& source, const DatasetObserver& observer = {});

}  // namespace convstudio
