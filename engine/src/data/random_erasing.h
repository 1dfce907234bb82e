#pragma once
// Random erasing (Zhong et al., 2017) on planar uint8 images: with a given probability, a
// rectangle of random area share and aspect ratio is painted over with uniform noise, so the
// model cannot lean on any one part of the object. The rectangle is drawn as torchvision's
// RandomErasing.get_params draws it (ten tries at one that fits, else no erasing); the noise is
// the paper's random-value variant in pixel space, since we erase before normalising.

#include <cstdint>

#include "data/seeded_random.h"

namespace convstudio {

struct EraseBox {
  int x = 0;
  int y = 0;
  int width = 0;  // 0: nothing erased
  int height = 0;
};

// The random stream erasing draws from for one sample: its own, so the other augmentations'
// draws stay what they were before erasing existed.
inline SeededRandom erasing_random(std::uint64_t sample_seed) {
  constexpr std::uint64_t kEraseTag = 0x52455241ull;  // "RERA"
  return SeededRandom(SeededRandom::mix({sample_seed, kEraseTag}));
}

// The rectangle for one image, or a box of width 0 when the image is left as it is.
EraseBox random_erasing_box(int width, int height, double probability, SeededRandom& random);

// Fills `box` of each of the `channels` planes of `image` with noise from `random`.
void erase_box(std::uint8_t* image, int channels, int height, int width, const EraseBox& box,
               SeededRandom& random);

}  // namespace convstudio
