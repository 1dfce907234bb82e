#pragma once
// Random resized crop, random crop with zero padding, horizontal flip, small rotation,
// brightness/contrast jitter and random erasing on planar uint8 images, with OpenCV. Every random
// choice comes from one seed per sample, so (run seed, epoch, sample index) fixes the result and
// a resumed run replays it. A segmentation mask moves with its image: the same draw, resampled by
// nearest neighbour, with kMaskIgnore where the image gets black padding; brightness, contrast
// and erasing leave it alone.

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

  // Writes the augmented C x H x W `source` to `destination` (which must not overlap it), and
  // the H x W `mask` (when given) moved alike to `mask_destination`.
  // Thread-safe: it keeps no state between calls.
  void apply(const std::uint8_t* source, std::uint8_t* destination, std::uint64_t seed,
             const std::uint8_t* mask = nullptr, std::uint8_t* mask_destination = nullptr) const;

 private:
  // Where every output pixel comes from in the source: a whole-pixel shift and mirror, or a
  // composed affine matrix.
  struct Motion {
    int dx = 0;
    int dy = 0;
    bool flip = false;
    double angle = 0;
    double shift_x = 0;
    double shift_y = 0;
  };
  // Moves `planes` planes of `source` by `motion` into `destination`; uncovered pixels get
  // `fill`. Images resample bilinearly, masks (`nearest`) by nearest neighbour.
  void move(const std::uint8_t* source, std::uint8_t* destination, int planes, const Motion& motion,
            std::uint8_t fill, bool nearest) const;
  void shift_and_flip(const std::uint8_t* source, std::uint8_t* destination, int planes,
                      std::uint8_t fill, int dx, int dy, bool flip) const;
  void adjust_brightness_contrast(std::uint8_t* image, double brightness, double contrast) const;

  AugmentationOptions options_;
  int channels_;
  int height_;
  int width_;
};

}  // namespace convstudio
