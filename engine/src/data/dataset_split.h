#pragma once
// Holding out part of the training images for validation, chosen by a seed.

#include <cstdint>
#include <vector>

#include "convstudio/data/image_set.h"

namespace convstudio {

// The share of the training images held out when a source names none and has no test set.
inline constexpr double kDefaultValidationFraction = 0.1;

// The images at `indices`, in that order.
ImageSet take_images(const ImageSet& images, const std::vector<std::int64_t>& indices);

// Moves round(fraction * size) images, picked by `seed`, from `train` into the returned set.
// Both keep their original relative order. At least one image stays on each side when the
// set has two or more.
ImageSet split_off_validation(ImageSet& train, double fraction, std::uint64_t seed);

}  // namespace convstudio
