#pragma once
// The runs kept next to the project (PROJECT.runs/), newest first. Checked runs are overlaid
// on the loss chart, so two or more runs can be compared.

#include <QWidget>

#include <vector>

#include "convstudio/runs/run_history.h"

class QListWidget;
class QListWidgetItem;

namespace convstudio {

class RunsList : public QWidget {
  Q_OBJECT

 public:
  explicit RunsList(QWidget* parent = nullptr);

  // The project whose runs are listed (its file; the runs folder sits next to it).
  void setProjectFile(const QString& projectFile);
  int runCount() const { return static_cast<int>(runs_.size()); }
  const std::vector<RecordedRun>& runs() const { return runs_; }
  // Checks or unchecks a row (tests, and the runs list's own clicks).
  void setChecked(int row, bool checked);
  std::vector<RecordedRun> checkedRuns() const;
  // A recorded state ("finished", "cancelled"…) in the user's words.
  static QString stateText(const std::string& state);

 public slots:
  void reload();

 signals:
  void overlaysChanged(const std::vector<convstudio::RecordedRun>& runs);
  // The list was read again from the runs folder (each time costs a read of every run).
  void reloaded();

 private:
  QListWidget* list_ = nullptr;
  QString projectFile_;
  std::vector<RecordedRun> runs_;
};

}  // namespace convstudio
