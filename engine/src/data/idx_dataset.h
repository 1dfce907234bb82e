#pragma once
// MNIST-format datasets: a folder holding train-images-idx3-ubyte[.gz] and
// train-labels-idx1-ubyte[.gz], and usually the t10k-* (or test-*) pair. Fashion-MNIST is one,
// with its class names.

#include "convstudio/data/dataset_request.h"
#include "convstudio/result.h"
#include "data/raw_dataset.h"

namespace convstudio {

class IdxDataset {
 public:
  static Result<RawDataset> read(const DatasetRequest& source);
};

}  // namespace convstudio
