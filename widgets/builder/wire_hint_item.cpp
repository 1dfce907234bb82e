#include "wire_hint_item.h"

#include <QApplication>
#include <QFontMetrics>
#include <QPainter>

namespace convstudio {
namespace {

constexpr int kPadding = 6;
constexpr int kFlags = Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop;

}  // namespace

WireHintItem::WireHintItem() {
  setFlag(ItemIgnoresTransformations);
  setZValue(10);
  setAcceptedMouseButtons(Qt::NoButton);
}

void WireHintItem::setText(const QString& text) {
  if (text == text_) return;
  prepareGeometryChange();
  text_ = text;
  const QFontMetrics metrics(QApplication::font());
  const QRect textRect = metrics.boundingRect(QRect(0, 0, kMaxWidth, 10000), kFlags, text_);
  // Below and to the right of the pointer, clear of the cursor itself.
  box_ = QRectF(16, 16, textRect.width() + 2 * kPadding, textRect.height() + 2 * kPadding);
  update();
}

QRectF WireHintItem::boundingRect() const {
  return box_.adjusted(-1, -1, 1, 1);
}

void WireHintItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
  if (text_.isEmpty()) return;
  painter->setRenderHint(QPainter::Antialiasing);
  painter->setPen(QPen(QColor(0xb0, 0x20, 0x20), 1));
  painter->setBrush(QColor(0xfd, 0xec, 0xec));
  painter->drawRoundedRect(box_, 4, 4);
  painter->setPen(QColor(0x50, 0x10, 0x10));
  painter->setFont(QApplication::font());
  painter->drawText(box_.adjusted(kPadding, kPadding, -kPadding, -kPadding), kFlags, text_);
}

}  // namespace convstudio
