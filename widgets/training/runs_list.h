#pragma once
// The Runs dock: the runs kept next to the project (PROJECT.runs/) as a comparison table
// (RunComparisonModel: the settings that differ, graph version, final and best metrics, time,
// throughput, peak memory), sortable by any column, a sweep's runs together. Checked runs are
// overlaid on the loss, accuracy and memory charts; "Export CSV…" writes the table. Its Study tab
// (StudyView) shows the project's current study; its studies' trials are marked in the table.

#include <QString>
#include <QWidget>

#include <filesystem>
#include <map>
#include <optional>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/runs/run_history.h"

class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace convstudio {

class RunComparisonModel;
class StudyView;

class RunsList : public QWidget {
  Q_OBJECT

 public:
  explicit RunsList(QWidget* parent = nullptr);

  // The project whose runs are listed (its file; the runs folder sits next to it).
  void setProjectFile(const QString& projectFile);
  int runCount() const { return static_cast<int>(runs().size()); }
  // Newest first, a sweep's runs where its newest is (the model's rows, before sorting); their
  // epochs but not their steps (RunDetail::Epochs).
  const std::vector<RecordedRun>& runs() const;
  // Checks or unchecks a run by its place in runs().
  void setChecked(int row, bool checked);
  // With their steps, which runs() leaves out (read at the first call after each reload).
  std::vector<RecordedRun> checkedRuns() const;
  // One of runs() with its steps, as checkedRuns() reads them.
  RecordedRun withSteps(const RecordedRun& run) const;
  RunComparisonModel* model() const { return model_; }
  QTableView* table() const { return table_; }
  StudyView* studyView() const { return studyView_; }
  // Shows the Study tab.
  void showStudy();
  // Writes the comparison as CSV (atomically); the Error (with its file) when it could not.
  std::optional<Error> exportCsv(const QString& path) const;
  // A recorded state ("finished", "cancelled"…) in the user's words.
  static QString stateText(const std::string& state);

 public slots:
  void reload();
  // The studies' plans read again (a trial drawn, ended or pruned): the table's marks follow.
  void reloadStudies();
  void exportCsvInteractively();

 signals:
  void overlaysChanged(const std::vector<convstudio::RecordedRun>& runs);
  // The list was read again from the runs folder (each time reads every run but its steps).
  void reloaded();

 private:
  RunComparisonModel* model_ = nullptr;
  QSortFilterProxyModel* proxy_ = nullptr;
  QTableView* table_ = nullptr;
  QTabWidget* tabs_ = nullptr;
  StudyView* studyView_ = nullptr;
  QString projectFile_;
  mutable std::map<std::filesystem::path, RecordedRun> curves_;  // checked runs, steps and all
};

}  // namespace convstudio
