#include "overview_map.h"

#include <QGraphicsScene>
#include <QGraphicsView>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>

#include <algorithm>

namespace convstudio {
namespace {

constexpr int kMargin = 8;          // from the view's corner
constexpr qreal kSceneMargin = 40;  // around the blocks
constexpr int kRerenderDelayMs = 150;

}  // namespace

OverviewMap::OverviewMap(QGraphicsView* view) : QWidget(view), view_(view) {
  setObjectName(QStringLiteral("overviewMap"));
  setCursor(Qt::PointingHandCursor);
  setToolTip(tr("The whole model; click or drag to move the view"));
  rerender_.setSingleShot(true);
  rerender_.setInterval(kRerenderDelayMs);
  connect(&rerender_, &QTimer::timeout, this, [this] {
    render();
    refresh();
  });
  connect(view_->scene(), &QGraphicsScene::changed, this, [this] { rerender_.start(); });
  for (QScrollBar* bar : {view_->horizontalScrollBar(), view_->verticalScrollBar()}) {
    connect(bar, &QScrollBar::valueChanged, this, [this] { refresh(); });
  }
  hide();
}

void OverviewMap::setWanted(bool wanted) {
  wanted_ = wanted;
  refresh();
}

void OverviewMap::render() {
  QGraphicsScene* scene = view_->scene();
  area_ =
      scene->itemsBoundingRect().adjusted(-kSceneMargin, -kSceneMargin, kSceneMargin, kSceneMargin);
  if (area_.isEmpty()) {
    picture_ = QPixmap();
    return;
  }
  const QSizeF size = area_.size().scaled(kMaxSide, kMaxSide, Qt::KeepAspectRatio);
  picture_ = QPixmap(std::max(1, qRound(size.width())), std::max(1, qRound(size.height())));
  picture_.fill(QColor(0xf4, 0xf5, 0xf7));
  QPainter painter(&picture_);
  painter.setRenderHint(QPainter::Antialiasing);
  scene->render(&painter, QRectF(picture_.rect()), area_);
}

void OverviewMap::refresh() {
  if (picture_.isNull() || area_.isEmpty()) render();
  const QRectF visible = view_->mapToScene(view_->viewport()->rect()).boundingRect();
  const QRectF blocks = area_.adjusted(kSceneMargin, kSceneMargin, -kSceneMargin, -kSceneMargin);
  const bool needed = wanted_ && !picture_.isNull() && !visible.contains(blocks);
  setVisible(needed);
  if (!needed) return;
  resize(picture_.size() + QSize(2, 2));
  const QWidget* viewport = view_->viewport();
  move(viewport->geometry().right() - width() - kMargin,
       viewport->geometry().bottom() - height() - kMargin);
  raise();
  QWidget::update();
}

QRectF OverviewMap::mapped(const QRectF& sceneRect) const {
  const qreal sx = picture_.width() / area_.width();
  const qreal sy = picture_.height() / area_.height();
  return QRectF(1 + (sceneRect.left() - area_.left()) * sx,
                1 + (sceneRect.top() - area_.top()) * sy, sceneRect.width() * sx,
                sceneRect.height() * sy);
}

void OverviewMap::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.fillRect(rect(), QColor(255, 255, 255, 230));
  painter.drawPixmap(1, 1, picture_);
  painter.setPen(QPen(QColor(0x90, 0x90, 0x98), 1));
  painter.setBrush(Qt::NoBrush);
  painter.drawRect(rect().adjusted(0, 0, -1, -1));
  const QRectF visible = view_->mapToScene(view_->viewport()->rect()).boundingRect();
  painter.setPen(QPen(QColor(0x2a, 0x7a, 0xe2), 2));
  painter.setBrush(QColor(0x2a, 0x7a, 0xe2, 40));
  painter.drawRect(mapped(visible).intersected(QRectF(rect())));
}

void OverviewMap::centerViewAt(QPointF widgetPos) {
  if (picture_.isNull()) return;
  const QPointF scenePoint(area_.left() + (widgetPos.x() - 1) * area_.width() / picture_.width(),
                           area_.top() + (widgetPos.y() - 1) * area_.height() / picture_.height());
  view_->centerOn(scenePoint);
}

void OverviewMap::mousePressEvent(QMouseEvent* event) {
  centerViewAt(event->position());
  event->accept();
}

void OverviewMap::mouseMoveEvent(QMouseEvent* event) {
  if (event->buttons() & Qt::LeftButton) centerViewAt(event->position());
  event->accept();
}

}  // namespace convstudio
