#include "builder_view.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

#include "block_id_labels.h"
#include "block_item.h"
#include "builder_scene.h"
#include "overview_map.h"

namespace convstudio {
namespace {

constexpr qreal kMinZoom = 0.05;
constexpr qreal kMaxZoom = 3.0;
constexpr qreal kFitMargin = 40;  // scene units around the blocks

}  // namespace

BuilderView::BuilderView(QGraphicsScene* scene, QWidget* parent) : QGraphicsView(scene, parent) {
  setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
  setDragMode(RubberBandDrag);
  setRubberBandSelectionMode(Qt::IntersectsItemShape);
  setTransformationAnchor(AnchorUnderMouse);
  setViewportUpdateMode(SmartViewportUpdate);
  setAcceptDrops(true);
  setFocusPolicy(Qt::StrongFocus);
  overview_ = new OverviewMap(this);
}

void BuilderView::setZoom(qreal zoom) {
  zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
  setTransform(QTransform::fromScale(zoom, zoom));
  // Block ids sit beside their blocks, outside what a moved block repaints: while they show,
  // the whole viewport repaints (plain boxes draw fast).
  setViewportUpdateMode(BlockIdLabels::shownAt(zoom) ? FullViewportUpdate : SmartViewportUpdate);
  overview_->refresh();
  emit zoomChanged(zoom);
}

void BuilderView::zoomIn() {
  fitPending_ = false;
  setZoom(this->zoom() * 1.25);
}

void BuilderView::zoomOut() {
  fitPending_ = false;
  setZoom(this->zoom() / 1.25);
}

void BuilderView::resetZoom() {
  fitPending_ = false;
  setZoom(1.0);
}

void BuilderView::fitToView() {
  QRectF bounds;
  for (QGraphicsItem* item : scene()->items()) {
    // Blocks and wires; not the transient hint, which ignores the view's scale.
    if (item->isVisible() && !(item->flags() & QGraphicsItem::ItemIgnoresTransformations)) {
      bounds |= item->sceneBoundingRect();
    }
  }
  if (bounds.isEmpty()) {
    setZoom(1.0);
    centerOn(0, 0);
    return;
  }
  bounds.adjust(-kFitMargin, -kFitMargin, kFitMargin, kFitMargin);
  const QSizeF view = viewport()->size();
  const qreal fit = std::min(view.width() / bounds.width(), view.height() / bounds.height());
  setZoom(std::min(fit, 1.0));
  centerOn(bounds.center());
  overview_->refresh();
}

void BuilderView::fitWhenLaidOut() {
  fitPending_ = true;
  fitToView();
}

void BuilderView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  if (fitPending_) fitToView();
  overview_->refresh();
}

void BuilderView::drawForeground(QPainter* painter, const QRectF& rect) {
  QGraphicsView::drawForeground(painter, rect);
  painter->save();
  painter->resetTransform();  // the viewport's pixels
  BlockIdLabels::paint(*painter, *this);
  painter->restore();
}

void BuilderView::scrollContentsBy(int dx, int dy) {
  QGraphicsView::scrollContentsBy(dx, dy);
  overview_->refresh();
}

void BuilderView::centerOnBlock(const QString& id) {
  auto* builder = qobject_cast<BuilderScene*>(scene());
  if (builder == nullptr) return;
  if (BlockItem* item = builder->blockItem(id)) {
    builder->selectBlocks({id});
    ensureVisible(item, 80, 80);
  }
}

void BuilderView::wheelEvent(QWheelEvent* event) {
  fitPending_ = false;
  const qreal steps = event->angleDelta().y() / 120.0;
  if (steps == 0) {
    QGraphicsView::wheelEvent(event);
    return;
  }
  setZoom(zoom() * std::pow(1.15, steps));
  event->accept();
}

void BuilderView::mousePressEvent(QMouseEvent* event) {
  fitPending_ = false;
  if (event->button() == Qt::MiddleButton || (spaceHeld_ && event->button() == Qt::LeftButton)) {
    panning_ = true;
    lastPan_ = event->position().toPoint();
    viewport()->setCursor(Qt::ClosedHandCursor);
    event->accept();
    return;
  }
  QGraphicsView::mousePressEvent(event);
}

void BuilderView::mouseMoveEvent(QMouseEvent* event) {
  if (panning_) {
    const QPoint delta = event->position().toPoint() - lastPan_;
    lastPan_ = event->position().toPoint();
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
    verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
    event->accept();
    return;
  }
  QGraphicsView::mouseMoveEvent(event);
}

void BuilderView::mouseReleaseEvent(QMouseEvent* event) {
  if (panning_) {
    panning_ = false;
    viewport()->setCursor(spaceHeld_ ? Qt::OpenHandCursor : Qt::ArrowCursor);
    event->accept();
    return;
  }
  QGraphicsView::mouseReleaseEvent(event);
}

void BuilderView::keyPressEvent(QKeyEvent* event) {
  if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
    spaceHeld_ = true;
    viewport()->setCursor(Qt::OpenHandCursor);
    return;
  }
  QGraphicsView::keyPressEvent(event);
}

void BuilderView::keyReleaseEvent(QKeyEvent* event) {
  if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
    spaceHeld_ = false;
    viewport()->setCursor(Qt::ArrowCursor);
    return;
  }
  QGraphicsView::keyReleaseEvent(event);
}

}  // namespace convstudio
