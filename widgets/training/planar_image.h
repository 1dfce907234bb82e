#pragma once
// The engine's images (planar uint8 C×H×W, as the model sees them) as Qt images, for the views
// that show them: the misclassified gallery and the dataset preview grid.

#include <QImage>

#include <cstdint>

namespace convstudio {

// 3 channels: RGB; any other count shows its first channel in grey.
QImage planarImage(int channels, int height, int width, const std::uint8_t* pixels);

}  // namespace convstudio
