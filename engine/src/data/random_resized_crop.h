#pragma once
// torchvision's RandomResizedCrop on planar uint8 images: a region of random area share and
// aspect ratio, cut and scaled back to the full size. A faithful port of
// torchvision.transforms.RandomResizedCrop.get_params (ten tries, then a central crop), with
// our seeded random source instead of torch's generator.

#include <cstdint>

#include "convstudio/data/augmentation_options.h"
#include "data/seeded_random.h"

namespace convstudio {

struct CropBox {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
};

CropBox random_resized_crop_box(int width, int height, const AugmentationOptions& options,
                                SeededRandom& random);

// Scales `box` of each of the `channels` planes of `source` (height x width) to the full size
// in `destination` (bilinear; area averaging never applies, the box is never larger). `nearest`:
// nearest neighbour instead, for masks, so only values already there appear.
void resized_crop(const std::uint8_t* source, std::uint8_t* destination, int channels, int height,
                  int width, const CropBox& box, bool nearest = false);

}  // namespace convstudio
