#pragma once
// The confusion matrix of the latest validation as a heatmap (QCPColorMap): true classes down,
// predicted classes across, each cell labelled with its count; shading is per true class, so
// small classes read as clearly as big ones.

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

 private:
  QCPColorMap* map_ = nullptr;
  QCPColorScale* scale_ = nullptr;
  QCPTextElement* heading_ = nullptr;
  std::vector<std::vector<std::int64_t>> counts_;
  int classes_ = 0;
};

}  // namespace convstudio
