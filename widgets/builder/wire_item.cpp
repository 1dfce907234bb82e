#include "wire_item.h"

#include <QPainter>
#include <QPainterPathStroker>
#include <QPen>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace convstudio {
namespace {

// The canvas geometry the routing avoids (BlockItem sizes, AutoLayout rows).
constexpr qreal kBlockWidth = 200;
constexpr qreal kRowHeight = 90;

}  // namespace

WireItem::WireItem(Connection connection) : connection_(std::move(connection)) {
  setFlags(ItemIsSelectable);
  setZValue(0);
  setToolTip(
      QStringLiteral("%1 → %2 [%3]")
          .arg(QString::fromStdString(connection_.from), QString::fromStdString(connection_.to))
          .arg(connection_.to_port));
}

void WireItem::setEnds(QPointF from, QPointF to) {
  // Each analysis re-places every wire (port counts may change); most stay where they were.
  if (ends_ == std::pair(from, to)) return;
  ends_ = std::pair(from, to);
  QPainterPath path(from);
  const qreal drop = to.y() - from.y();
  if (drop > 1.5 * kRowHeight && std::abs(to.x() - from.x()) < kBlockWidth) {
    // A shortcut past blocks of the same column (a residual wire): run it down a lane beside
    // the column instead of behind the blocks it skips.
    const qreal lane = std::min(from.x(), to.x()) - kBlockWidth / 2 - 24;
    path.cubicTo(from + QPointF(0, 24), QPointF(lane, from.y() + 8), QPointF(lane, from.y() + 40));
    path.lineTo(lane, to.y() - 40);
    path.cubicTo(QPointF(lane, to.y() - 8), to - QPointF(0, 24), to);
  } else {
    // Vertical tangents: the flow reads top to bottom; wires leave and enter ports straight.
    const qreal bend = std::max(30.0, std::abs(drop) / 2);
    path.cubicTo(from + QPointF(0, bend), to - QPointF(0, bend), to);
  }
  setPath(path);
}

QPainterPath WireItem::shape() const {
  QPainterPathStroker stroker;
  stroker.setWidth(10);
  return stroker.createStroke(path());
}

void WireItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  const QColor color = isSelected() ? QColor(0x2a, 0x7a, 0xe2) : QColor(0x6a, 0x6a, 0x6a);
  // Zoomed far out (a large network fitted to the window) a wire is thinner than a pixel:
  // a one-pixel line without antialiasing looks the same and costs a fraction.
  if (option->levelOfDetailFromTransform(painter->worldTransform()) < 0.25) {
    painter->setPen(QPen(color, 0));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(path());
    return;
  }
  painter->setRenderHint(QPainter::Antialiasing);
  painter->setPen(QPen(color, isSelected() ? 3 : 2));
  painter->setBrush(Qt::NoBrush);
  painter->drawPath(path());
}

}  // namespace convstudio
