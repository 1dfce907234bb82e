#pragma once
// The run settings' "Find…" beside the batch size: each trial batch size as it is tried (its
// memory, its samples per second, whether it fits), then the largest batch that fits with the
// safety margin and the fastest one, each a button that puts it in the settings (an undoable
// edit made by the owner; the dialog changes nothing).

#include <QDialog>

#include "convstudio/train/batch_size_finder.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace convstudio {

class BatchSizeFinderDialog : public QDialog {
  Q_OBJECT

 public:
  explicit BatchSizeFinderDialog(QWidget* parent = nullptr);

  // A new search; `currentBatch` is the project's batch size now, `device` the device setting.
  void begin(std::int64_t currentBatch, const QString& device);
  void showTrial(const BatchSizeTrial& trial);
  void showResult(const BatchSizeResult& result);
  void showFailure(const QString& message);

  QTableWidget* table() const { return table_; }
  QPushButton* largestButton() const { return largest_; }
  QPushButton* fastestButton() const { return fastest_; }
  QString statusText() const;

 signals:
  void cancelRequested();
  void applyRequested(qint64 batchSize);

 private:
  void setRunning(bool running);

  QTableWidget* table_ = nullptr;
  QLabel* status_ = nullptr;
  QPushButton* stop_ = nullptr;
  QPushButton* largest_ = nullptr;
  QPushButton* fastest_ = nullptr;
  QPushButton* close_ = nullptr;
  std::int64_t currentBatch_ = 0;
  BatchSizeResult result_;
};

}  // namespace convstudio
