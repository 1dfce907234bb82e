#pragma once
// Reads MNIST-format IDX files, gzip-compressed or raw, into memory. Checks the magic number
// and that the file holds every byte its header promises, naming the file and the offset.

#include <cstdint>
#include <string>
#include <vector>

#include "convstudio/data/image_set.h"
#include "convstudio/result.h"

namespace convstudio {

// Images file (magic 0x00000803): an ImageSet of 1 x rows x cols images, labels all 0 until
// the caller reads the labels file.
Result<ImageSet> read_idx_images(const std::string& path);

// Labels file (magic 0x00000801): one class index per image.
Result<std::vector<std::int64_t>> read_idx_labels(const std::string& path);

}  // namespace convstudio
