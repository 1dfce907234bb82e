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
  // What the latest validation showed: the images and the class names (for Explain these).
  const std::vector<MisclassifiedSample>& samples() const { return samples_; }
  const std::vector<std::string>& classNames() const { return classNames_; }

 private:
  std::vector<MisclassifiedSample> samples_;
  std::vector<std::string> classNames_;
};

}  // namespace convstudio
