#pragma once
// A data-parallel run's ranks side by side (issue 17): each rank's device, its own samples/s
// over the recent steps and its memory (CPU: the process's resident memory; CUDA: what is
// allocated on its GPU), from the step metrics rank 0 gathers every step. Hidden for a run of
// one process.

#include <QStringList>
#include <QWidget>

#include "convstudio/runs/training_events.h"

class QTableWidget;

namespace convstudio {

class RankLoadView : public QWidget {
  Q_OBJECT

 public:
  explicit RankLoadView(QWidget* parent = nullptr);

  // A new run on these devices, one per rank ("CPU", "cuda:1"); empty hides the view.
  void beginRun(const QStringList& rankDevices);
  void showStep(const StepMetrics& step);

  int rankCount() const;
  // The cell text of a rank's speed and memory, as shown.
  QString speedText(int rank) const;
  QString memoryText(int rank) const;

 private:
  void ensureRows(int ranks);

  QTableWidget* table_ = nullptr;
  QStringList devices_;
};

}  // namespace convstudio
