#pragma once
// File > Recover Unsaved Runs…: the runs that projects closed without being saved left in the
// data folder, under the project they belong to, each with when it started, its network, its
// steps and accuracy. Open gives back the chosen run's project (the copy it trained) together
// with every run of that project, so Save As can keep them.

#include <QDialog>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

#include "convstudio/runs/run_history.h"

class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace convstudio {

class RecoverRunsDialog : public QDialog {
  Q_OBJECT

 public:
  // `unsavedProjects`: their runs owner files (ProjectController::strandedProjects).
  RecoverRunsDialog(const QStringList& unsavedProjects, QWidget* parent = nullptr);

  QTreeWidget* runList() const { return list_; }
  // The chosen run's project, with its owner (where its runs are) and a name for it; nullopt
  // when nothing that can be opened is chosen.
  std::optional<Project> chosenProject() const;
  QString chosenOwner() const;
  QString chosenName() const;

  // The network of `graph` in a word: the template it is, unedited, or its size.
  static QString networkName(const Graph& graph);

 private:
  struct UnsavedProject {
    QString owner;
    std::vector<RecordedRun> runs;  // newest first
  };
  void fill();
  // The run an item stands for: its own, or a project's newest with a readable project copy.
  const RecordedRun* runOf(const QTreeWidgetItem* item) const;

  std::vector<UnsavedProject> projects_;
  QTreeWidget* list_ = nullptr;
  QPushButton* open_ = nullptr;
};

}  // namespace convstudio
