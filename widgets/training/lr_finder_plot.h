#pragma once
// The learning-rate range test drawn as it runs: the loss of each step and its smoothed curve
// against the learning rate on a logarithmic axis, and the suggested rate marked with a line,
// a point on the curve and its value.

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
  // Marks result.suggested_lr (nothing when there is none) and fits the axes to the curve.
  void showResult(const LrFinderResult& result);
  std::optional<double> markedLr() const { return marked_; }

 private:
  void fitAxes();

  QCPGraph* loss_ = nullptr;
  QCPGraph* smoothed_ = nullptr;
  QCPItemStraightLine* marker_ = nullptr;
  QCPItemTracer* tracer_ = nullptr;
  QCPItemText* label_ = nullptr;
  std::optional<double> marked_;
};

}  // namespace convstudio
