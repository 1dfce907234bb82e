#pragma once
// Random resized crop, random crop with zero padding, horizontal flip, small rotation,
// brightness/contrast jitter and random erasing on planar uint8 images, with OpenCV. Every random
// choice comes from one seed per sample, so (run seed, epoch, sample index) fixes the result and
// a resumed run replays it.

#include <cstdint>

#include "convstudio/data/augmentation_options.h"

namespace convstudio {

class Augmenter {
 public:
  Augmenter(const AugmentationOptions& options, int channels, int height, int width);

  bool enabled() const { return options_.enabled(); }
  const AugmentationOptions& options() const { return options_; }

  // The seed of one sample's augmentation: independent of where the sample falls in the
  // shuffled order, so skipping batches on resume does not change what the others get.
  static std::uint64_t sample_seed(std::uint64_t run_seed, std::int64_t epoch, std::int64_t index);

  // Writes the augmented C x H x W `source` to `destination` (which must not overlap it).
  // Thread-safe: it keeps no state between calls.
  void apply(const std::uint8_t* source, std::uint8_t* destination, std::uint64_t seed) const;

 private:
  void shift_and_flip(const std::uint8_t* source, std::uint8_t* destination, int dx, int dy,
                      bool flip) const;
  void adjust_brightness_contrast(std::uint8_t* image, double brightness, double contrast) const;

  AugmentationOptions options_;
  int channels_;
  int height_;
  int width_;
};

}  // namespace convstudio
