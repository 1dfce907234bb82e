#pragma once
// The colour a segmentation class is drawn in when its data set names none: the Pascal VOC
// colour map (bits of the class index spread over the high bits of red, green and blue), so
// masks written by ConvStudio open with the colours users know from VOC's palette PNGs.
// Shared by the mask reader (palette PNGs), the dataset preview, predict's colour masks and the
// Inference panel's overlay.

#include <array>
#include <cstdint>

namespace convstudio {

using ClassColour = std::array<std::uint8_t, 3>;  // red, green, blue

constexpr ClassColour default_class_colour(std::int64_t index) {
  ClassColour colour{0, 0, 0};
  auto label = static_cast<std::uint32_t>(index);
  for (int shift = 7; shift >= 0 && label != 0; --shift) {
    for (int channel = 0; channel < 3; ++channel) {
      colour[channel] |= static_cast<std::uint8_t>(((label >> channel) & 1U) << shift);
    }
    label >>= 3;
  }
  return colour;
}

}  // namespace convstudio
