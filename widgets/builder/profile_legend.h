#pragma once
// The profiler's colour scale on the canvas: a block's share of a training step, relative to
// the largest share, from pale yellow (little) through orange to red (the hottest block), and
// the legend that explains it, drawn in a corner of the canvas while the colours show.

#include <QColor>
#include <QWidget>

namespace convstudio {

class ProfileLegend : public QWidget {
  Q_OBJECT

 public:
  explicit ProfileLegend(QWidget* parent = nullptr);

  // `fraction`: the block's share over the largest share, 0..1.
  static QColor colourFor(double fraction);
  // The largest share of a step (0..1) that the scale's red end stands for.
  void setLargestShare(double share);
  QSize sizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  double largest_ = 0;
};

}  // namespace convstudio
