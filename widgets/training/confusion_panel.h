#pragma once
// The Confusion Matrix dock's panel: the matrix, and beside it the per-class figures with the
// macro-F1 and balanced accuracy under them (issue 34).

#include <QLabel>
#include <QWidget>

#include "class_figures_table.h"
#include "confusion_matrix_view.h"

namespace convstudio {

class ConfusionPanel : public QWidget {
  Q_OBJECT

 public:
  explicit ConfusionPanel(QWidget* parent = nullptr);

  void showEpoch(const EpochMetrics& epoch);
  void clear();
  int classCount() const { return matrix_->classCount(); }
  std::int64_t cell(int trueClass, int predictedClass) const {
    return matrix_->cell(trueClass, predictedClass);
  }
  ConfusionMatrixView* matrix() const { return matrix_; }
  ClassFiguresTable* classTable() const { return table_; }

 private:
  ConfusionMatrixView* matrix_ = nullptr;
  ClassFiguresTable* table_ = nullptr;
  QLabel* averages_ = nullptr;
};

}  // namespace convstudio
