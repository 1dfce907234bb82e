#include "block_item.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFontMetrics>
#include <QPainter>
#include <QPalette>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace convstudio {
namespace {

constexpr qreal kPortRadius = 5;
constexpr qreal kHeaderHeight = 22;
// Below this scale the block's small text is unreadable: it is drawn as a coloured box named
// by its type in large letters (an overview of a big model, fitted to the view).
constexpr qreal kOverviewScale = 0.55;
constexpr qreal kOverviewTextPixels = 12;  // on screen

QColor categoryColor(const QString& category) {
  if (category == QLatin1String("Input/Output")) return QColor(0x5b, 0x7d, 0xb1);
  if (category == QLatin1String("Convolution")) return QColor(0x3f, 0x8f, 0x6b);
  if (category == QLatin1String("Normalization")) return QColor(0x8c, 0x6b, 0xb1);
  if (category == QLatin1String("Activation")) return QColor(0xc2, 0x7c, 0x2c);
  if (category == QLatin1String("Pooling")) return QColor(0x2f, 0x8a, 0x9c);
  if (category == QLatin1String("Regularization")) return QColor(0x8a, 0x8a, 0x8a);
  if (category == QLatin1String("Dense")) return QColor(0x6b, 0x7f, 0x2f);
  if (category == QLatin1String("Merge")) return QColor(0xa8, 0x55, 0x7a);
  return QColor(0x70, 0x70, 0x70);
}

// A frozen block's colour: its category's, drained of most of its colour, so frozen blocks read
// as greyed out beside trainable ones in both light and dark palettes.
QColor frozenColor(const QColor& accent) {
  return QColor::fromHsvF(accent.hsvHueF(), accent.hsvSaturationF() * 0.2,
                          std::min(1.0F, accent.valueF() * 1.05F));
}

QColor mixed(const QColor& a, const QColor& b, qreal share) {
  return QColor::fromRgbF(static_cast<float>(a.redF() * (1 - share) + b.redF() * share),
                          static_cast<float>(a.greenF() * (1 - share) + b.greenF() * share),
                          static_cast<float>(a.blueF() * (1 - share) + b.blueF() * share));
}

// Diagonal stripes over a frozen block, drawn in the item's own units with a pen as wide as
// `width` screen pixels at `scale`: a pattern brush draws hairlines one pixel apart, too faint
// to see at any zoom.
void paintFrozenStripes(QPainter* painter, const QRectF& area, const QColor& colour, qreal scale) {
  painter->save();
  painter->setClipRect(area, Qt::IntersectClip);
  const qreal unit = 1 / std::max(scale, 0.05);
  painter->setPen(QPen(colour, 2 * unit));
  const qreal spacing = std::max(12.0, 9 * unit);
  for (qreal x = area.left() - area.height(); x < area.right(); x += spacing) {
    painter->drawLine(QPointF(x, area.bottom()), QPointF(x + area.height(), area.top()));
  }
  painter->restore();
}

// A padlock in `box`: the frozen badge, drawn rather than taken from a font or an icon theme.
void paintLock(QPainter* painter, const QRectF& box, const QColor& colour) {
  painter->save();
  const qreal w = box.width();
  const QRectF body(box.left(), box.top() + box.height() * 0.45, w, box.height() * 0.55);
  const QRectF shackle(box.left() + w * 0.2, box.top(), w * 0.6, box.height() * 0.8);
  painter->setPen(QPen(colour, std::max(1.0, w * 0.14)));
  painter->setBrush(Qt::NoBrush);
  painter->drawArc(shackle, 0, 180 * 16);
  painter->drawLine(QPointF(shackle.left(), shackle.center().y()),
                    QPointF(shackle.left(), body.top()));
  painter->drawLine(QPointF(shackle.right(), shackle.center().y()),
                    QPointF(shackle.right(), body.top()));
  painter->setPen(Qt::NoPen);
  painter->setBrush(colour);
  painter->drawRoundedRect(body, w * 0.12, w * 0.12);
  painter->restore();
}

}  // namespace

BlockItem::BlockItem(QString id) : id_(std::move(id)) {
  setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
  setAcceptHoverEvents(true);
  setZValue(1);
}

void BlockItem::setContent(const Content& content) {
  // Every analysis refreshes every block; most are unchanged, and a repaint of each of 1,000
  // blocks would cost more than the edit itself.
  if (hasContent_ && content == content_) return;
  hasContent_ = true;
  prepareGeometryChange();
  content_ = content;
  setToolTip(content.errors.isEmpty() ? QStringLiteral("%1 (%2)").arg(content.type, id_)
                                      : content.errors);
  update();
}

void BlockItem::setHeat(const std::optional<Heat>& heat) {
  if (heat == heat_) return;
  heat_ = heat;
  update();
}

void BlockItem::setMovedCallback(std::function<void(const QString&)> callback) {
  moved_ = std::move(callback);
}

QPointF BlockItem::inputPortLocal(int port) const {
  const int count = std::max(1, content_.inputPorts);
  return {kWidth * (port + 1) / (count + 1), 0};
}

QPointF BlockItem::inputPortPos(int port) const {
  return mapToScene(inputPortLocal(port));
}

QPointF BlockItem::outputPortPos() const {
  return mapToScene(QPointF(kWidth / 2, kHeight));
}

int BlockItem::inputPortAt(QPointF scenePos) const {
  const QPointF local = mapFromScene(scenePos);
  for (int port = 0; port < content_.inputPorts; ++port) {
    const QPointF d = local - inputPortLocal(port);
    if (std::abs(d.x()) <= 12 && std::abs(d.y()) <= 12) return port;
  }
  return -1;
}

bool BlockItem::isOnOutputPort(QPointF scenePos) const {
  if (!content_.hasOutput) return false;
  const QPointF d = mapFromScene(scenePos) - QPointF(kWidth / 2, kHeight);
  return std::abs(d.x()) <= 12 && std::abs(d.y()) <= 12;
}

void BlockItem::setHighlightedPort(int port, bool accepted) {
  if (port == highlightedPort_ && accepted == highlightAccepted_) return;
  highlightedPort_ = port;
  highlightAccepted_ = accepted;
  update();
}

QRectF BlockItem::boundingRect() const {
  const qreal m = kPortRadius + 2;
  return QRectF(-m, -m, kWidth + 2 * m, kHeight + 2 * m);
}

void BlockItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  const QPalette palette = QApplication::palette();
  const bool invalid = !content_.errors.isEmpty();
  const QColor accent = invalid ? QColor(0xd0, 0x30, 0x30) : categoryColor(content_.category);
  const QRectF body(0, 0, kWidth, kHeight);
  const qreal scale = option->levelOfDetailFromTransform(painter->worldTransform());
  if (scale * kHeight < kTinyBlockPixels) {
    painter->fillRect(body, isSelected()      ? palette.color(QPalette::Highlight)
                            : heat_           ? heat_->colour
                            : content_.frozen ? frozenColor(accent)
                                              : accent);
    return;
  }
  painter->setRenderHint(QPainter::Antialiasing);
  if (scale < kOverviewScale) {
    paintOverview(painter, accent, invalid, scale);
    return;
  }

  QColor fill = palette.color(QPalette::Base);
  if (invalid) fill = QColor(0xfd, 0xe8, 0xe8);
  // Frozen: a dimmed body under stripes, a padlock and "frozen" in the header.
  if (content_.frozen) fill = mixed(fill, palette.color(QPalette::Mid), 0.35);
  // Profiled: the body in the colour of the block's share of a step (text stays readable).
  if (heat_) fill = mixed(fill, heat_->colour, 0.8);
  painter->setPen(QPen(isSelected() ? palette.color(QPalette::Highlight) : accent,
                       isSelected() ? 3 : (invalid ? 2 : 1)));
  painter->setBrush(fill);
  painter->drawRoundedRect(body, 6, 6);

  paintHeader(painter, accent, scale);
  QFont font = painter->font();
  QFont bold = font;
  bold.setBold(true);
  const QFontMetrics fm(font);

  const QColor text = invalid ? QColor(0x30, 0x10, 0x10) : palette.color(QPalette::Text);
  painter->setPen(text);
  const QRectF paramsRect(8, kHeaderHeight + 2, kWidth - 16, 18);
  painter->drawText(paramsRect, Qt::AlignLeft | Qt::AlignVCenter,
                    fm.elidedText(content_.params, Qt::ElideRight, int(paramsRect.width())));
  const QRectF shapeRect(8, kHeaderHeight + 20, kWidth - 16, 18);
  painter->setFont(bold);
  painter->setPen(invalid ? QColor(0xb0, 0x20, 0x20) : text);
  painter->drawText(
      shapeRect, Qt::AlignLeft | Qt::AlignVCenter,
      content_.shape.isEmpty() ? QStringLiteral("→ ?") : QStringLiteral("→ ") + content_.shape);
  QFont small = font;
  small.setPointSizeF(font.pointSizeF() * 0.85);
  painter->setFont(small);
  painter->setPen(palette.color(QPalette::PlaceholderText));
  if (heat_) {
    painter->setPen(QColor(0x20, 0x20, 0x20));
    painter->setFont(bold);
  }
  painter->drawText(shapeRect, Qt::AlignRight | Qt::AlignVCenter,
                    heat_ ? heat_->label : content_.cost);
  painter->setFont(font);

  paintPorts(painter, accent);
}

// The header band in the category colour (red when invalid) with the type and id; a frozen
// block's also says so behind a padlock, and its body below is striped.
void BlockItem::paintHeader(QPainter* painter, const QColor& accent, qreal scale) const {
  const QPalette palette = QApplication::palette();
  QPainterPath header;
  header.addRoundedRect(QRectF(0, 0, kWidth, kHeaderHeight + 6), 6, 6);
  QPainterPath clip;
  clip.addRect(QRectF(0, 0, kWidth, kHeaderHeight));
  painter->setPen(Qt::NoPen);
  painter->setBrush(accent);
  painter->drawPath(header.intersected(clip));

  QFont font = painter->font();
  QFont bold = font;
  bold.setBold(true);
  painter->setFont(bold);
  painter->setPen(Qt::white);
  const QRectF headerText(8, 0, kWidth - 16, kHeaderHeight);
  painter->drawText(headerText, Qt::AlignLeft | Qt::AlignVCenter, content_.type);
  painter->setFont(font);
  const QFontMetrics fm(font);
  // A frozen block says so before its id, behind a padlock, and its body is striped.
  const QString frozen =
      content_.frozen ? QCoreApplication::translate("BlockItem", "frozen") + QStringLiteral(" · ")
                      : QString();
  // The id takes what the type and the padlock leave of the header.
  const qreal lockSize = kHeaderHeight * 0.6;
  const qreal room = headerText.width() - QFontMetrics(bold).horizontalAdvance(content_.type) -
                     (content_.frozen ? lockSize + 6 : 0) - 8 - fm.horizontalAdvance(frozen);
  const QString idText =
      frozen + fm.elidedText(id_, Qt::ElideMiddle, static_cast<int>(std::max(room, 24.0)));
  painter->drawText(headerText, Qt::AlignRight | Qt::AlignVCenter, idText);
  if (content_.frozen) {
    const qreal lockLeft = headerText.right() - fm.horizontalAdvance(idText) - lockSize - 4;
    paintLock(painter, QRectF(lockLeft, (kHeaderHeight - lockSize) / 2, lockSize * 0.8, lockSize),
              Qt::white);
    QColor stripes = palette.color(QPalette::Text);
    stripes.setAlpha(45);
    paintFrozenStripes(painter, QRectF(1, kHeaderHeight, kWidth - 2, kHeight - kHeaderHeight - 1),
                       stripes, scale);
  }
}

// Zoomed far out: a coloured box with the block's type, large enough to read.
void BlockItem::paintOverview(QPainter* painter, const QColor& accent, bool invalid,
                              qreal scale) const {
  const QPalette palette = QApplication::palette();
  const QRectF body(0, 0, kWidth, kHeight);
  painter->setPen(QPen(isSelected() ? palette.color(QPalette::Highlight) : accent.darker(130),
                       (isSelected() ? 3 : 1.5) / std::max(scale, 0.05)));
  const QColor fill = invalid ? QColor(0xfd, 0xe8, 0xe8)
                      : heat_ ? heat_->colour
                              : accent.lighter(165);
  painter->setBrush(content_.frozen ? frozenColor(fill) : fill);
  painter->drawRoundedRect(body, 6, 6);
  QFont font = painter->font();
  font.setBold(true);
  font.setPixelSize(static_cast<int>(
      std::clamp(kOverviewTextPixels / std::max(scale, 0.01), 12.0, kHeight * 0.6)));
  const QColor ink = invalid ? QColor(0x90, 0x10, 0x10) : QColor(0x20, 0x20, 0x20);
  QRectF textArea = body.adjusted(4, 0, -4, 0);
  if (content_.frozen) {
    // Stripes and a padlock before the type: readable as frozen without the block's details.
    paintFrozenStripes(painter, body.adjusted(2, 2, -2, -2), QColor(0x20, 0x20, 0x20, 60), scale);
    const qreal lockHeight = font.pixelSize() * 0.9;
    paintLock(painter, QRectF(5, (kHeight - lockHeight) / 2, lockHeight * 0.8, lockHeight), ink);
    textArea.setLeft(5 + lockHeight * 0.8 + 3);
  }
  painter->setFont(font);
  painter->setPen(ink);
  painter->drawText(textArea, Qt::AlignCenter,
                    QFontMetrics(font).elidedText(content_.type, Qt::ElideRight,
                                                  static_cast<int>(textArea.width())));
}

void BlockItem::paintPorts(QPainter* painter, const QColor& accent) const {
  const QPalette palette = QApplication::palette();
  // Ports: hollow inputs on top, a filled output at the bottom.
  painter->setPen(QPen(accent.darker(120), 1.5));
  for (int port = 0; port < content_.inputPorts; ++port) {
    const QColor highlight =
        highlightAccepted_ ? QColor(0x40, 0xc0, 0x40) : QColor(0xd0, 0x30, 0x30);
    painter->setBrush(port == highlightedPort_ ? highlight : palette.color(QPalette::Base));
    painter->drawEllipse(inputPortLocal(port), kPortRadius, kPortRadius);
  }
  if (content_.hasOutput) {
    painter->setBrush(accent);
    painter->drawEllipse(QPointF(kWidth / 2, kHeight), kPortRadius, kPortRadius);
  }
}

QVariant BlockItem::itemChange(GraphicsItemChange change, const QVariant& value) {
  if (change == ItemPositionChange && snap_) {
    const QPointF p = value.toPointF();
    return QPointF(std::round(p.x() / kGrid) * kGrid, std::round(p.y() / kGrid) * kGrid);
  }
  if (change == ItemPositionHasChanged && moved_) moved_(id_);
  return QGraphicsItem::itemChange(change, value);
}

}  // namespace convstudio
