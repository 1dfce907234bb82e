#include "heat_map_view.h"

#include <QPainter>

#include <algorithm>

namespace convstudio {
namespace {

constexpr int kBarHeight = 12;
constexpr int kGap = 4;

QString valueText(double value) {
  return QString::number(value, 'g', 3);
}

}  // namespace

HeatMapView::HeatMapView(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void HeatMapView::show(const QImage& image, const QImage& heatMap, const QImage& scale, double low,
                       double high) {
  image_ = image;
  heatMap_ = heatMap;
  scale_ = scale;
  low_ = low;
  high_ = high;
  update();
}

void HeatMapView::clear() {
  show({}, {}, {}, 0, 0);
}

void HeatMapView::setOpacity(double opacity) {
  opacity_ = std::clamp(opacity, 0.0, 1.0);
  update();
}

void HeatMapView::paintEvent(QPaintEvent*) {
  if (image_.isNull()) return;
  QPainter painter(this);
  const int text = fontMetrics().height();
  const bool bar = !heatMap_.isNull() && !scale_.isNull();
  QRect area = rect();
  if (bar) area.setBottom(area.bottom() - kBarHeight - text - 2 * kGap);
  const QSize fitted = image_.size().scaled(area.size(), Qt::KeepAspectRatio);
  const QRect target(area.left() + (area.width() - fitted.width()) / 2, area.top(), fitted.width(),
                     fitted.height());
  painter.drawImage(target, image_);
  if (!heatMap_.isNull()) {
    painter.setOpacity(opacity_);
    painter.drawImage(target, heatMap_);
    painter.setOpacity(1.0);
  }
  if (!bar) return;
  const QRect barRect(target.left(), target.bottom() + kGap, target.width(), kBarHeight);
  painter.setRenderHint(QPainter::SmoothPixmapTransform);
  painter.drawImage(barRect, scale_);
  painter.setPen(palette().color(QPalette::WindowText));
  const QRect labels(barRect.left(), barRect.bottom() + kGap, barRect.width(), text);
  painter.drawText(labels, Qt::AlignLeft | Qt::AlignTop, valueText(low_));
  painter.drawText(labels, Qt::AlignRight | Qt::AlignTop, valueText(high_));
}

}  // namespace convstudio
