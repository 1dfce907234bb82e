#pragma once
// A segmentation mask drawn over its image, for the dataset preview (and any view that shows
// masks): each class's pixels tinted with its colour, ignored pixels left as they are.

#include <QImage>

#include <cstdint>
#include <vector>

#include "convstudio/data/class_colours.h"

namespace convstudio {

// `image` (any format) with `mask` (height × width class indices, the size of `image`) blended
// over it at `opacity` (0: the image alone, 1: the class colours alone). Indices without a colour
// (255, ignored) leave the image's pixel.
QImage maskOverlay(const QImage& image, const std::uint8_t* mask,
                   const std::vector<ClassColour>& colours, double opacity);

}  // namespace convstudio
