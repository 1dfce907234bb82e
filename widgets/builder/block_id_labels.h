#pragma once
// Block ids beside blocks too small on screen to show their own text (a big model fitted to the
// view: resnet-small at 1280×720, issue 32), drawn over the canvas at a readable size in screen
// pixels, each where it covers no block and no other id; a block with no such place keeps its
// tooltip.

#include <QRect>
#include <QString>

#include <vector>

class QFont;
class QGraphicsView;
class QPainter;

namespace convstudio {

struct BlockIdLabel {
  QString id;
  QRect rect;  // in the viewport's pixels
};

class BlockIdLabels {
 public:
  static constexpr int kPixelSize = 10;  // the smallest text the studio draws

  // Whether `zoom` draws blocks as plain boxes, which these labels name.
  static bool shownAt(qreal zoom);
  // Where each block's id goes in `view`'s viewport now; empty while blocks show their text.
  static std::vector<BlockIdLabel> layout(const QGraphicsView& view);
  // Draws them; `painter` paints the viewport in its own pixels.
  static void paint(QPainter& painter, const QGraphicsView& view);
  static QFont font(const QFont& base);
};

}  // namespace convstudio
