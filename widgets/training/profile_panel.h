#pragma once
// The Profile dock: starts the profiler on the open project and shows its progress, then every
// row it measured (blocks and the step's other parts) in a table sortable by each column, the
// step's total and its hottest block; a switch turns the canvas colours off. A widget only: the
// studio (ProfileController) starts the profiler and colours the canvas.

#include <QWidget>

#include "convstudio/train/step_profile.h"

class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;

namespace convstudio {

class ProfilePanel : public QWidget {
  Q_OBJECT

 public:
  enum Column { Block, Type, Forward, Backward, Kept, Estimated, Throughput, Share, ColumnCount };

  explicit ProfilePanel(QWidget* parent = nullptr);

  // The profiler started: progress shows, Profile waits, Cancel may stop it.
  void begin();
  void showProgress(qint64 step, qint64 steps);
  // Its figures in the table, or why there are none (an error, a cancel).
  void showProfile(const StepProfile& profile);
  // Empties the table and says why (e.g. the graph changed since).
  void clear(const QString& why);
  void setCanStart(bool can);

  bool colouring() const;
  QTableView* table() const { return table_; }
  QStandardItemModel* model() const { return model_; }
  QLabel* status() const { return status_; }

 signals:
  void profileRequested();
  void cancelRequested();
  void colouringChanged(bool on);
  void blockActivated(const QString& blockId);

 private:
  void addRow(const QList<QVariant>& values, const QString& blockId);
  void setRunning(bool running);

  QPushButton* start_ = nullptr;
  QPushButton* cancel_ = nullptr;
  QCheckBox* colour_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* status_ = nullptr;
  QTableView* table_ = nullptr;
  QStandardItemModel* model_ = nullptr;
  QSortFilterProxyModel* sorted_ = nullptr;
  bool running_ = false;
  bool canStart_ = true;
};

}  // namespace convstudio
