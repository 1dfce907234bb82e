#pragma once
// The image with its heat map drawn over it at an adjustable opacity, and a colour bar below
// naming the heat map's lowest and highest values. Pixels stay sharp when a small input is
// enlarged, so a 28×28 image reads as the model saw it.

#include <QImage>
#include <QWidget>

namespace convstudio {

class HeatMapView : public QWidget {
  Q_OBJECT

 public:
  explicit HeatMapView(QWidget* parent = nullptr);

  // `heatMap` the image's size (null: the image alone); `scale` its colours, lowest first.
  void show(const QImage& image, const QImage& heatMap, const QImage& scale, double low,
            double high);
  void clear();
  // 0: the image only, 1: the heat map only.
  void setOpacity(double opacity);
  double opacity() const { return opacity_; }
  QImage heatMap() const { return heatMap_; }

  // Small hints: the panel shares a 720-pixel-high column; the view takes what room is left.
  QSize sizeHint() const override { return {160, 160}; }
  QSize minimumSizeHint() const override { return {64, 80}; }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  QImage image_;
  QImage heatMap_;
  QImage scale_;
  double low_ = 0;
  double high_ = 0;
  double opacity_ = 0.5;
};

}  // namespace convstudio
