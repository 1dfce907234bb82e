#pragma once
// The confusion matrix of the latest validation as a heatmap (QCPColorMap): true classes down,
// predicted classes across, each cell labelled with its count; shading is per true class, so
// small classes read as clearly as big ones. A click selects a cell (true class, predicted
// class): it is outlined and cellSelected says which, so its images can be listed and explained.

#include <qcustomplot.h>

#include "convstudio/runs/training_events.h"

namespace convstudio {

class ConfusionMatrixView : public QCustomPlot {
  Q_OBJECT

 public:
  explicit ConfusionMatrixView(QWidget* parent = nullptr);

  void showEpoch(const EpochMetrics& epoch);
  void clear();
  int classCount() const { return classes_; }
  // The count shown in a cell (tests).
  std::int64_t cell(int trueClass, int predictedClass) const;
  // The selected cell, {-1, -1} when none; kept across validations while the classes stay.
  int selectedTrueClass() const { return selectedTrue_; }
  int selectedPredictedClass() const { return selectedPredicted_; }
  // Selects and outlines a cell (what a click on it does); out of range clears the selection.
  void selectCell(int trueClass, int predictedClass);
  // The cell under a point of the widget, {-1, -1} outside the matrix.
  QPoint cellAt(const QPointF& position) const;  // x: predicted class, y: true class

 signals:
  void cellSelected(int trueClass, int predictedClass);

 private:
  QCPColorMap* map_ = nullptr;
  QCPColorScale* scale_ = nullptr;
  QCPTextElement* heading_ = nullptr;
  void outlineSelection();

  std::vector<std::vector<std::int64_t>> counts_;
  int classes_ = 0;
  int selectedTrue_ = -1;
  int selectedPredicted_ = -1;
  QCPItemRect* outline_ = nullptr;  // owned by the plot; gone at each clearItems()
};

}  // namespace convstudio
