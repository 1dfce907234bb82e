#pragma once
// Datasets of image files (an image folder or a CSV list): the file index (scanned once and
// cached), the split, the input shape, the decoded-cache decision and the normalisation
// statistics from a seeded sample. Nothing else is decoded: the splits read their files when
// asked.

#include "convstudio/data/dataset.h"

namespace convstudio {

Result<Dataset> load_file_dataset(const DatasetRequest& request, const DatasetObserver& observer);

}  // namespace convstudio
