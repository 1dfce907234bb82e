#include "planar_image.h"

#include <algorithm>

namespace convstudio {

QImage planarImage(int channels, int height, int width, const std::uint8_t* pixels) {
  const qsizetype plane = static_cast<qsizetype>(height) * width;
  if (channels == 3) {
    QImage image(width, height, QImage::Format_RGB888);
    for (int y = 0; y < height; ++y) {
      uchar* line = image.scanLine(y);
      for (int x = 0; x < width; ++x) {
        const qsizetype at = static_cast<qsizetype>(y) * width + x;
        for (int c = 0; c < 3; ++c) line[x * 3 + c] = pixels[c * plane + at];
      }
    }
    return image;
  }
  QImage image(width, height, QImage::Format_Grayscale8);
  for (int y = 0; y < height; ++y) {
    std::copy_n(pixels + static_cast<qsizetype>(y) * width, width, image.scanLine(y));
  }
  return image;
}

}  // namespace convstudio
