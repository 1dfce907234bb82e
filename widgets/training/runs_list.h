#pragma once
// The Runs dock: the runs kept next to the project (PROJECT.runs/) as a comparison table
// (RunComparisonModel: the settings that differ, graph version, final and best metrics, time,
// throughput, peak memory), sortable by any column, a sweep's runs together. Checked runs are
// overlaid on the loss, accuracy and memory charts; "Export CSV…" writes the table.

#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/runs/run_history.h"

class QSortFilterProxyModel;
class QTableView;

namespace convstudio {

class RunComparisonModel;

class RunsList : public QWidget {
  Q_OBJECT

 public:
  explicit RunsList(QWidget* parent = nullptr);

  // The project whose runs are listed (its file; the runs folder sits next to it).
  void setProjectFile(const QString& projectFile);
  int runCount() const { return static_cast<int>(runs().size()); }
  // Newest first, a sweep's runs where its newest is (the model's rows, before sorting).
  const std::vector<RecordedRun>& runs() const;
  // Checks or unchecks a run by its place in runs().
  void setChecked(int row, bool checked);
  std::vector<RecordedRun> checkedRuns() const;
  RunComparisonModel* model() const { return model_; }
  QTableView* table() const { return table_; }
  // Writes the comparison as CSV (atomically); the Error (with its file) when it could not.
  std::optional<Error> exportCsv(const QString& path) const;
  // A recorded state ("finished", "cancelled"…) in the user's words.
  static QString stateText(const std::string& state);

 public slots:
  void reload();
  void exportCsvInteractively();

 signals:
  void overlaysChanged(const std::vector<convstudio::RecordedRun>& runs);
  // The list was read again from the runs folder (each time costs a read of every run).
  void reloaded();

 private:
  RunComparisonModel* model_ = nullptr;
  QSortFilterProxyModel* proxy_ = nullptr;
  QTableView* table_ = nullptr;
  QString projectFile_;
};

}  // namespace convstudio
