#include "mask_overlay.h"

#include <algorithm>

namespace convstudio {

QImage maskOverlay(const QImage& image, const std::uint8_t* mask,
                   const std::vector<ClassColour>& colours, double opacity) {
  QImage out = image.convertToFormat(QImage::Format_RGB32);
  const double alpha = std::clamp(opacity, 0.0, 1.0);
  const auto blend = [alpha](int under, int over) {
    return static_cast<int>(under * (1.0 - alpha) + over * alpha + 0.5);
  };
  for (int y = 0; y < out.height(); ++y) {
    auto* row = reinterpret_cast<QRgb*>(out.scanLine(y));
    const std::uint8_t* labels = mask + static_cast<std::size_t>(y) * out.width();
    for (int x = 0; x < out.width(); ++x) {
      if (labels[x] >= colours.size()) continue;
      const ClassColour& colour = colours[labels[x]];
      row[x] = qRgb(blend(qRed(row[x]), colour[0]), blend(qGreen(row[x]), colour[1]),
                    blend(qBlue(row[x]), colour[2]));
    }
  }
  return out;
}

}  // namespace convstudio
