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
};

}  // namespace convstudio
