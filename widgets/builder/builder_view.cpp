#include "builder_view.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

#include "block_item.h"
#include "builder_scene.h"

namespace convstudio {
namespace {

constexpr qreal kMinZoom = 0.2;
constexpr qreal kMaxZoom = 3.0;
constexpr qreal kReadableZoom = 0.8;

}  // namespace

BuilderView::BuilderView(QGraphicsScene* scene, QWidget* parent) : QGraphicsView(scene, parent) {
  setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
  setDragMode(RubberBandDrag);
  setRubberBandSelectionMode(Qt::IntersectsItemShape);
  setTransformationAnchor(AnchorUnderMouse);
  setViewportUpdateMode(SmartViewportUpdate);
  setAcceptDrops(true);
  setFocusPolicy(Qt::StrongFocus);
}

void BuilderView::setZoom(qreal zoom) {
  zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
  setTransform(QTransform::fromScale(zoom, zoom));
  emit zoomChanged(zoom);
}

void BuilderView::zoomIn() {
  setZoom(this->zoom() * 1.25);
}

void BuilderView::zoomOut() {
  setZoom(this->zoom() / 1.25);
}

void BuilderView::resetZoom() {
  setZoom(1.0);
}

void BuilderView::fitToView() {
  QRectF bounds = scene()->itemsBoundingRect();
  if (bounds.isEmpty()) {
    resetZoom();
    centerOn(0, 0);
    return;
  }
  bounds.adjust(-40, -40, 40, 40);
  const QSizeF view = viewport()->size();
  const qreal fit = std::min(view.width() / bounds.width(), view.height() / bounds.height());
  setZoom(std::clamp(fit, kReadableZoom, 1.0));
  if (fit >= kReadableZoom) {
    centerOn(bounds.center());
  } else {
    // Too tall to read whole: show the top, centred horizontally.
    const qreal visibleHeight = view.height() / zoom();
    centerOn(bounds.center().x(), bounds.top() + visibleHeight / 2);
  }
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
  const qreal steps = event->angleDelta().y() / 120.0;
  if (steps == 0) {
    QGraphicsView::wheelEvent(event);
    return;
  }
  setZoom(zoom() * std::pow(1.15, steps));
  event->accept();
}

void BuilderView::mousePressEvent(QMouseEvent* event) {
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
