#pragma once
// Small segmentation data sets written by the tests: images of coloured class regions with
// their masks, in a segmentation folder or listed in a CSV.

#include <filesystem>
#include <string>

#include "convstudio/data/dataset_request.h"

namespace convstudio::testing {

// The class of pixel (x, y) of image `index` in write_mask_pair(): stripes of 0, 1 and 2 across,
// moved by the image's number, so images differ.
int stripe_class(int index, int x, int y);

// Writes images/<name>.png (each class in its own colour, RGB) and masks/<name>.png (an 8-bit
// index mask) of width x height under `folder`.
void write_mask_pair(const std::filesystem::path& folder, const std::string& name, int index,
                     int width = 8, int height = 6);

// `train` pairs in ROOT/images and ROOT/masks, and `validation` in ROOT/val/… when above 0.
void write_segmentation_folder(const std::filesystem::path& root, int train, int validation = 0);

// A request for `path` (a folder or a CSV) in the format `name`: 3×6×8 input, no statistics.
DatasetRequest segmentation_request(const std::string& name, const std::filesystem::path& path);

}  // namespace convstudio::testing
