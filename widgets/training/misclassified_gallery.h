#pragma once
// Validation images the model got wrong in the latest validation, each with its true and
// predicted class and the model's confidence.

#include <QListWidget>

#include "convstudio/runs/training_events.h"

namespace convstudio {

class MisclassifiedGallery : public QListWidget {
  Q_OBJECT

 public:
  static constexpr int kThumbnailSize = 72;

  explicit MisclassifiedGallery(QWidget* parent = nullptr);

  void showEpoch(const EpochMetrics& epoch);

  // Planar uint8 C×H×W (1 or 3 channels; others show their first channel) as an image.
  static QImage toImage(int channels, int height, int width, const std::uint8_t* pixels);
};

}  // namespace convstudio
