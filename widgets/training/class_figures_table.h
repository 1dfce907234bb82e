#pragma once
// Beside the confusion matrix: each class's precision, recall, F1 and images in the latest
// validation, then the macro average and the balanced accuracy (scikit-learn's definitions,
// class_report), computed from the matrix so recorded and followed runs show it too. Sortable.

#include <QTableWidget>

#include "convstudio/runs/training_events.h"

namespace convstudio {

class ClassFiguresTable : public QTableWidget {
  Q_OBJECT

 public:
  enum Column { kClass, kPrecision, kRecall, kF1, kSupport, kColumns };

  explicit ClassFiguresTable(QWidget* parent = nullptr);

  void showEpoch(const EpochMetrics& epoch);
  void clear();
  // The line under the classes: "Macro-F1 0.812 · balanced accuracy 79.5%" (tests read it).
  QString averagesText() const { return averages_; }

 private:
  QString averages_;
};

}  // namespace convstudio
