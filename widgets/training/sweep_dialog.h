#pragma once
// Queues a sweep: one or two settings from the engine's list of sweepable ones, each with its
// values as text ("0.01, 0.003"), checked by the engine as the project file would check them.
// Shows the grid's size and queues the grid with "Queue N runs". Its Search tab starts a study
// instead (StudySearchForm: random or TPE trials drawn from spaces, issue 36).

#include <QDialog>
#include <QString>

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/model/project.h"
#include "convstudio/runs/run_queue.h"
#include "convstudio/runs/study_plan.h"

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QTabWidget;

namespace convstudio {

class StudySearchForm;

class SweepDialog : public QDialog {
  Q_OBJECT

 public:
  static constexpr int kAxes = 2;

  // `project` is swept as it is now; the runs get `sweepId` (new_sweep_id of the queue).
  SweepDialog(const Project& project, std::string sweepId, QWidget* parent = nullptr);

  // Chooses axis 0 or 1's setting ("lr") and its values' text; an empty setting leaves the
  // second axis out.
  void setAxis(int axis, const QString& setting, const QString& values);
  // The runs of the grid; empty while the input has a problem.
  const std::vector<QueuedRun>& runs() const { return runs_; }
  // The engine's sentence about the input, empty when the grid can be queued.
  QString problem() const { return problemText_; }
  QString sizeText() const;

  // The Search tab is the one shown: accepting starts a study rather than queueing the grid.
  bool isSearch() const;
  void showSearch();
  StudySearchForm* searchForm() const { return search_; }
  // The study to start: the form's plan with the id "study-" + the sweep id and the project as
  // its base (the seed set as its training seed, as the CLI's --seed does); nullopt while wrong.
  std::optional<StudyPlan> studyPlan() const;

 private:
  // Shows the chosen setting's current value as the values' placeholder.
  void settingChosen(int axis);
  void check();
  // The OK button for the tab shown.
  void updateOk();
  QWidget* createGrid();

  Project project_;
  std::string sweepId_;
  std::array<QComboBox*, kAxes> settings_{};
  std::array<QLineEdit*, kAxes> values_{};
  QLabel* problem_ = nullptr;
  QLabel* size_ = nullptr;
  QDialogButtonBox* buttons_ = nullptr;
  QTabWidget* tabs_ = nullptr;
  StudySearchForm* search_ = nullptr;
  QString problemText_;
  std::vector<QueuedRun> runs_;
};

}  // namespace convstudio
