#pragma once
// The learning-rate range test drawn as it runs: the loss of each step and its smoothed curve
// against the learning rate on a logarithmic axis, and both suggestions (the steepest fall,
// which Apply uses, and the valley) each marked with a line, a point on the curve and its value.

#include <qcustomplot.h>

#include <optional>

#include "convstudio/train/lr_finder.h"

namespace convstudio {

class LrFinderPlot : public QCustomPlot {
  Q_OBJECT

 public:
  explicit LrFinderPlot(QWidget* parent = nullptr);

  void clear();
  void addPoint(const LrFinderPoint& point);
  // Marks the result's suggestions (none when there are none) and fits the axes to the curve.
  void showResult(const LrFinderResult& result);
  std::optional<double> markedLr() const { return steepest_.lr; }  // the steepest fall
  std::optional<double> markedValleyLr() const { return valley_.lr; }

 private:
  // A suggestion on the chart: a vertical line, a point on the smoothed curve, its value.
  struct Mark {
    QCPItemStraightLine* line = nullptr;
    QCPItemTracer* tracer = nullptr;
    QCPItemText* label = nullptr;
    std::optional<double> lr;
  };
  Mark createMark(const QColor& colour, const QString& objectName, Qt::Alignment side);
  void showMark(Mark& mark, const std::optional<LrSuggestion>& suggestion, const QString& text);
  static void hideMark(Mark& mark);
  void fitAxes();

  QCPGraph* loss_ = nullptr;
  QCPGraph* smoothed_ = nullptr;
  Mark steepest_;
  Mark valley_;
};

}  // namespace convstudio
