#pragma once
// The Confusion Matrix dock's panel: the matrix, and beside it the per-class figures with the
// macro-F1 and balanced accuracy under them (issue 34). It shows an epoch at most twice a
// second, and not at all while hidden (then when shown): short epochs would otherwise lay the
// table out several times a second, time a CPU run takes from training (gui_bench).

#include <QElapsedTimer>
#include <QLabel>
#include <QTimer>
#include <QWidget>

#include <optional>

#include "class_figures_table.h"
#include "confusion_matrix_view.h"

namespace convstudio {

class ConfusionPanel : public QWidget {
  Q_OBJECT

 public:
  explicit ConfusionPanel(QWidget* parent = nullptr);

  static constexpr int kMinIntervalMs = 500;

  void showEpoch(const EpochMetrics& epoch);
  void clear();
  // What is read shows the latest epoch: a pending one is drawn first.
  int classCount() { return matrix()->classCount(); }
  std::int64_t cell(int trueClass, int predictedClass) {
    return matrix()->cell(trueClass, predictedClass);
  }
  ConfusionMatrixView* matrix() {
    showPending();
    return matrix_;
  }
  ClassFiguresTable* classTable() {
    showPending();
    return table_;
  }

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void showPending();

  ConfusionMatrixView* matrix_ = nullptr;
  ClassFiguresTable* table_ = nullptr;
  QLabel* averages_ = nullptr;
  std::optional<EpochMetrics> pending_;
  QElapsedTimer sinceShown_;
  QTimer* pendingTimer_ = nullptr;
};

}  // namespace convstudio
