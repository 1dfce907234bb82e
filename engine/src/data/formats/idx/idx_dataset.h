#pragma once
// MNIST-format datasets: a folder holding train-images-idx3-ubyte[.gz] and
// train-labels-idx1-ubyte[.gz], and usually the t10k-* (or test-*) pair. Read whole: the idx
// format's reader, and Fashion-MNIST's with its class names.

#include <string>
#include <vector>

#include "convstudio/result.h"
#include "data/raw_dataset.h"

namespace convstudio {

// The class names a dataset's labels stand for, and whose they are, for messages about a label
// beyond them ("Fashion-MNIST has 10 classes"). Without names there are as many classes as the
// largest training label says, named by their numbers.
struct IdxClasses {
  std::vector<std::string> names;
  std::string source;
};

Result<RawDataset> read_idx_folder(const std::string& folder, const IdxClasses& classes = {});

}  // namespace convstudio
