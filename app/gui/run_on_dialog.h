#pragma once
// Training > Run On…: the remote targets (targets.json: add, edit, remove) and how to submit the
// open project to the chosen one: directly, or with SLURM through an sbatch script shown here
// for editing before it is sent. Submitting itself is RemoteRuns' (remote_runs.h).

#include <QDialog>

#include <vector>

#include "convstudio/remote/remote_training.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;

namespace convstudio {

class RemoteTargetForm;

class RunOnDialog : public QDialog {
  Q_OBJECT

 public:
  RunOnDialog(const QString& projectFile, QWidget* parent = nullptr);

  // After Submit: the chosen target and what to submit (the edited script included).
  RemoteTarget target() const;
  SubmitRequest request() const;

 private:
  void loadTargets();
  void showTarget(int row);
  void addTarget();
  void saveTarget();
  void removeTarget();
  void updateScript();
  void submit();
  void showProblem(const QString& text);

  QString projectFile_;
  std::vector<RemoteTarget> targets_;
  QListWidget* list_ = nullptr;
  RemoteTargetForm* form_ = nullptr;
  QCheckBox* slurm_ = nullptr;
  QLineEdit* trainFlags_ = nullptr;
  QPlainTextEdit* script_ = nullptr;
  QLabel* problem_ = nullptr;
};

}  // namespace convstudio
