#pragma once
// A segmentation model's answer for one image: the predicted mask over the image at an
// adjustable opacity, and a legend of the classes' colours with their names and pixel counts.

#include <QWidget>

#include "segmentation_row.h"

class QLabel;
class QSlider;
class QTreeWidget;

namespace convstudio {

class HeatMapView;

class SegmentationView : public QWidget {
  Q_OBJECT

 public:
  explicit SegmentationView(QWidget* parent = nullptr);

  void showRow(const SegmentationRow& row);
  void clear();
  // 0: the image only, 1: the mask only.
  double opacity() const;
  // The picture shown: the image under the mask (what the overlay draws from).
  HeatMapView* overlay() const { return overlay_; }

 private:
  QLabel* caption_ = nullptr;
  HeatMapView* overlay_ = nullptr;
  QSlider* opacity_ = nullptr;
  QTreeWidget* legend_ = nullptr;
};

}  // namespace convstudio
