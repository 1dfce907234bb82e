#pragma once
// Holding out part of the training images for validation, chosen by a seed.

#include <cstdint>
#include <vector>

#include "convstudio/data/dataset_request.h"
#include "convstudio/data/image_set.h"
#include "convstudio/result.h"

namespace convstudio {

// The share of the training images held out when a source names none and has no test set.
inline constexpr double kDefaultValidationFraction = 0.1;

// The images at `indices`, in that order.
ImageSet take_images(const ImageSet& images, const std::vector<std::int64_t>& indices);

// Moves round(fraction * size) images, picked by `seed`, from `train` into the returned set.
// Both keep their original relative order. At least one image stays on each side when the
// set has two or more.
ImageSet split_off_validation(ImageSet& train, double fraction, std::uint64_t seed);

// A k-fold request's split of the training samples (request.folds ≥ 2), by position in
// `labels` (each training sample's class): those in fold request.validation_fold validate, the
// rest train, both in ascending order. The one fold rule of the in-memory and file data sets.
struct FoldPositions {
  std::vector<std::int64_t> train;
  std::vector<std::int64_t> validation;
};
Result<FoldPositions> fold_positions(const std::vector<std::int64_t>& labels,
                                     const DatasetRequest& request);

}  // namespace convstudio
