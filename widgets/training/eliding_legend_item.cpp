#include "eliding_legend_item.h"

#include <QFontMetrics>

namespace convstudio {

ElidingLegendItem::ElidingLegendItem(QCPLegend* legend, QCPAbstractPlottable* plottable)
    : QCPPlottableLegendItem(legend, plottable) {}

void ElidingLegendItem::setMaximumTextWidth(int pixels) {
  maximumTextWidth_ = pixels;
}

QString ElidingLegendItem::shownName() const {
  if (mPlottable == nullptr) return {};
  const QString name = mPlottable->name();
  if (maximumTextWidth_ <= 0) return name;
  return QFontMetrics(getFont()).elidedText(name, Qt::ElideRight, maximumTextWidth_);
}

void ElidingLegendItem::draw(QCPPainter* painter) {
  if (mPlottable == nullptr) return;
  // QCustomPlot draws the plottable's own name, and its icon only through a friend's access:
  // the shortened name stands in while the base class draws (setName has no other effect).
  const QString name = mPlottable->name();
  mPlottable->setName(shownName());
  QCPPlottableLegendItem::draw(painter);
  mPlottable->setName(name);
}

QSize ElidingLegendItem::minimumOuterSizeHint() const {
  if (mPlottable == nullptr) return {};
  const QSize iconSize = mParentLegend->iconSize();
  const QRect textRect = QFontMetrics(getFont()).boundingRect(0, 0, 0, iconSize.height(),
                                                              Qt::TextDontClip, shownName());
  return {iconSize.width() + mParentLegend->iconTextPadding() + textRect.width() + mMargins.left() +
              mMargins.right(),
          std::max(textRect.height(), iconSize.height()) + mMargins.top() + mMargins.bottom()};
}

}  // namespace convstudio
