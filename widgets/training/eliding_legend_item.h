#pragma once
// A chart legend entry that ends its name in "…" when the chart is too narrow for it (a chart at
// 1280×720 is about 120 px wide; "validation (balanced)" is wider). The curve keeps its whole
// name; LiveChart shows it on hover.

#include <qcustomplot.h>

namespace convstudio {

class ElidingLegendItem : public QCPPlottableLegendItem {
  Q_OBJECT

 public:
  ElidingLegendItem(QCPLegend* legend, QCPAbstractPlottable* plottable);

  // The widest the name may be drawn, in pixels; 0: whole.
  void setMaximumTextWidth(int pixels);
  // The name as drawn: whole, or shortened with "…".
  QString shownName() const;
  bool isElided() const { return shownName() != plottable()->name(); }
  QCPAbstractPlottable* plottable() const { return mPlottable; }

 protected:
  // QCPPlottableLegendItem's drawing with the shown name (QCustomPlot has no eliding of its own).
  void draw(QCPPainter* painter) override;
  QSize minimumOuterSizeHint() const override;

 private:
  int maximumTextWidth_ = 0;
};

}  // namespace convstudio
