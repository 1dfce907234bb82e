#pragma once
// The canvas view: wheel zoom around the cursor, middle-button (or Space+drag) pan, rubber-band
// selection, fit to view.

#include <QGraphicsView>

namespace convstudio {

class BuilderView : public QGraphicsView {
  Q_OBJECT

 public:
  explicit BuilderView(QGraphicsScene* scene, QWidget* parent = nullptr);

  qreal zoom() const { return transform().m11(); }
  void setZoom(qreal zoom);

 public slots:
  void zoomIn();
  void zoomOut();
  void resetZoom();
  // Shows every block; never zooms in past 100 % nor out below a readable size (then it shows
  // the top of the model, where the data enters).
  void fitToView();
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

 private:
  bool panning_ = false;
  bool spaceHeld_ = false;
  QPoint lastPan_;
};

}  // namespace convstudio
