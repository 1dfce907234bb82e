#pragma once
// Datasets stored as image files, one folder per class: root/<class>/*.png|jpg|jpeg|bmp, or
// root/train/<class>/... with root/val (valid, validation, test)/<class>/... for a fixed split.
// Decoded with OpenCV on all cores; unreadable files are skipped and reported.

#include "convstudio/data/dataset_request.h"
#include "convstudio/result.h"
#include "data/raw_dataset.h"

namespace convstudio {

class ImageFolderDataset {
 public:
  static Result<RawDataset> read(const DatasetRequest& source);
};

}  // namespace convstudio
