#include "block_id_labels.h"

#include <QApplication>
#include <QFont>
#include <QFontMetrics>
#include <QGraphicsView>
#include <QPainter>
#include <QPalette>

#include <algorithm>

#include "block_item.h"

namespace convstudio {
namespace {

constexpr int kGap = 4;  // pixels between a block and its id

bool collides(const QRect& rect, const std::vector<QRect>& taken) {
  return std::any_of(taken.begin(), taken.end(),
                     [&rect](const QRect& other) { return rect.intersects(other); });
}

}  // namespace

bool BlockIdLabels::shownAt(qreal zoom) {
  return zoom * BlockItem::kHeight < BlockItem::kTinyBlockPixels;
}

QFont BlockIdLabels::font(const QFont& base) {
  QFont font = base;
  font.setPixelSize(kPixelSize);
  return font;
}

std::vector<BlockIdLabel> BlockIdLabels::layout(const QGraphicsView& view) {
  std::vector<BlockIdLabel> labels;
  if (view.scene() == nullptr || !shownAt(view.transform().m11())) return labels;
  std::vector<std::pair<QRect, QString>> blocks;
  for (QGraphicsItem* item : view.scene()->items()) {
    if (item->type() != BlockItem::Type || !item->isVisible()) continue;
    const QRect onScreen = view.mapFromScene(item->sceneBoundingRect()).boundingRect();
    blocks.emplace_back(onScreen, static_cast<BlockItem*>(item)->id());
  }
  // Top to bottom, left to right: the order a reader scans, so ties go the same way each time.
  std::sort(blocks.begin(), blocks.end(), [](const auto& a, const auto& b) {
    return a.first.top() != b.first.top() ? a.first.top() < b.first.top()
                                          : a.first.left() < b.first.left();
  });
  std::vector<QRect> taken;
  for (const auto& block : blocks) taken.push_back(block.first);
  const QFontMetrics metrics(font(view.font()));
  const QRect viewport = view.viewport()->rect();
  for (const auto& [box, id] : blocks) {
    const QSize size(metrics.horizontalAdvance(id), metrics.height());
    const int top = box.center().y() - size.height() / 2;
    for (const QRect place : {QRect(QPoint(box.right() + kGap, top), size),
                              QRect(QPoint(box.left() - kGap - size.width(), top), size)}) {
      if (!viewport.contains(place) || collides(place, taken)) continue;
      labels.push_back({id, place});
      taken.push_back(place);
      break;
    }
  }
  return labels;
}

void BlockIdLabels::paint(QPainter& painter, const QGraphicsView& view) {
  const std::vector<BlockIdLabel> labels = layout(view);
  if (labels.empty()) return;
  const QPalette palette = QApplication::palette();
  painter.setFont(font(view.font()));
  QColor backing = palette.color(QPalette::Base);
  backing.setAlpha(210);  // wires stay visible behind the text
  // Every backing first: a neighbour's must not cover an underscore reaching into it.
  for (const BlockIdLabel& label : labels) painter.fillRect(label.rect, backing);
  painter.setPen(palette.color(QPalette::Text));
  for (const BlockIdLabel& label : labels) {
    painter.drawText(label.rect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, label.id);
  }
}

}  // namespace convstudio
