#pragma once
// The canvas view: wheel zoom around the cursor, middle-button (or Space+drag) pan, rubber-band
// selection, fit to view, and an overview map while part of the model is out of view.

#include <QGraphicsView>

namespace convstudio {

class OverviewMap;

class BuilderView : public QGraphicsView {
  Q_OBJECT

 public:
  explicit BuilderView(QGraphicsScene* scene, QWidget* parent = nullptr);

  qreal zoom() const { return transform().m11(); }
  void setZoom(qreal zoom);
  OverviewMap* overviewMap() const { return overview_; }

 public slots:
  void zoomIn();
  void zoomOut();
  void resetZoom();
  // Shows every block with a margin, never zooming in past 100 %. A big model fits small; the
  // blocks then draw as named boxes, and zooming in brings back the details.
  void fitToView();
  // Fits now and again whenever the view is resized, until the user zooms or pans: a model
  // opened before the window has its final size still ends up fitted.
  void fitWhenLaidOut();
  void centerOnBlock(const QString& id);

 signals:
  void zoomChanged(qreal zoom);

 protected:
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void keyReleaseEvent(QKeyEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void scrollContentsBy(int dx, int dy) override;
  // Block ids beside blocks too small to show them (block_id_labels.h).
  void drawForeground(QPainter* painter, const QRectF& rect) override;

 private:
  bool panning_ = false;
  bool spaceHeld_ = false;
  QPoint lastPan_;
  bool fitPending_ = false;
  OverviewMap* overview_ = nullptr;
};

}  // namespace convstudio
