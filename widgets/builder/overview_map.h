#pragma once
// The overview map in the canvas's corner: the whole model in miniature with the part the view
// shows outlined. Shown while some blocks are out of view; clicking or dragging in it moves the
// view there. (Qt has no minimap widget; this one renders the scene into a cached picture.)

#include <QPixmap>
#include <QTimer>
#include <QWidget>

class QGraphicsView;

namespace convstudio {

class OverviewMap : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kMaxSide = 180;  // pixels

  explicit OverviewMap(QGraphicsView* view);

  // Whether the map is wanted at all (View > Overview Map); it still hides itself while the
  // whole model is in view.
  void setWanted(bool wanted);
  bool isWanted() const { return wanted_; }
  // Re-places the map and decides whether it shows (the view moved, zoomed or was resized).
  void refresh();
  // The scene rectangle the map covers (every block, with a margin).
  QRectF sceneArea() const { return area_; }

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

 private:
  void render();
  void centerViewAt(QPointF widgetPos);
  QRectF mapped(const QRectF& sceneRect) const;

  QGraphicsView* view_;
  QPixmap picture_;
  QRectF area_;
  QTimer rerender_;  // scene changes come in bursts; render once after them
  bool wanted_ = true;
};

}  // namespace convstudio
