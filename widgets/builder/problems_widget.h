#pragma once
// The Problems dock: every error of the model, one row each; activating a row focuses the block.
// A wire the canvas refused is listed too, with its reason, until the model next changes; and
// every training-setting error (the settings check's, which keep Train disabled), whose row
// points at the setting. The count it reports is the number of problem rows it shows.

#include <QTreeWidget>

#include <optional>
#include <utility>
#include <vector>

#include "convstudio/error.h"
#include "training/settings_check.h"

namespace convstudio {

class GraphDocument;

class ProblemsWidget : public QTreeWidget {
  Q_OBJECT

 public:
  explicit ProblemsWidget(GraphDocument* document, QWidget* parent = nullptr);

 public slots:
  void showRefusedWire(const QString& blockId, const QString& reason);
  // The settings check's problems; its errors are listed after the model's.
  void setSettingsProblems(const std::vector<convstudio::SettingsProblem>& problems);

 signals:
  void blockActivated(const QString& id);
  void settingActivated(const QString& setting);  // "training.lr"
  void problemCountChanged(int count);
  // The model changed after a refused wire: its reason (shown since showRefusedWire) is over.
  void refusalEnded(const QString& reason);

 private:
  void refresh();

  GraphDocument* document_;
  QString refusedAt_;  // the block a refused wire was dropped on
  QString refusal_;    // why; empty when none is shown
  // What the rows show, so that an edit that leaves the problems as they were (most edits)
  // does not rebuild the list.
  std::optional<std::vector<Error>> shownErrors_;
  QString shownRefusal_;
  // Each setting error's place ("training.lr") and message, in the check's order.
  std::vector<std::pair<QString, QString>> settingErrors_;
  std::vector<std::pair<QString, QString>> shownSettingErrors_;
};

}  // namespace convstudio
