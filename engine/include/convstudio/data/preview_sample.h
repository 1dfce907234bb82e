#pragma once
// Augmented training images for the GUI's preview grid: what the model will actually see.
// Each sample is uint8, planar C x H x W, with its class.

#include <cstdint>
#include <string>
#include <vector>

#include "convstudio/data/augmentation_options.h"
#include "convstudio/data/class_colours.h"
#include "convstudio/data/dataset.h"

namespace convstudio {

struct PreviewSample {
  int channels = 0;
  int height = 0;
  int width = 0;
  std::vector<std::uint8_t> pixels;  // channels * height * width, planar
  std::int64_t label = 0;
  std::string class_name;
  std::int64_t index = 0;  // position of the source image in the training split
  // Segmentation data: the image's mask, moved with it (height * width class indices; 255 for
  // ignored pixels); empty otherwise.
  std::vector<std::uint8_t> mask;
  std::vector<ClassColour> class_colours;  // one per class, to draw the mask in
};

// `count` training images picked by `seed`, augmented as the loader would in `epoch`.
std::vector<PreviewSample> preview_augmented(const Dataset& dataset,
                                             const AugmentationOptions& augmentation, int count,
                                             std::uint64_t seed, std::int64_t epoch = 0);

}  // namespace convstudio
