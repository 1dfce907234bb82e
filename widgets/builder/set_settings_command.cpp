#include "set_settings_command.h"

#include "command_ids.h"
#include "convstudio/model/settings_changes.h"
#include "graph_document.h"
#include "setting_text.h"

namespace convstudio {

SetSettingsCommand::SetSettingsCommand(GraphDocument* document, DatasetSettings dataset,
                                       TrainingSettings training)
    : document_(document),
      oldDataset_(document->project().dataset),
      newDataset_(std::move(dataset)),
      oldTraining_(document->project().training),
      newTraining_(std::move(training)) {
  describe();
}

void SetSettingsCommand::describe() {
  changed_ = changed_settings(oldDataset_, oldTraining_, newDataset_, newTraining_);
  setObsolete(changed_.empty());
  // "Change Learning rate" names the setting as its editor does (issue 32: not the project
  // file's "training.lr"); several at once (a suggested fix applied) read as one settings change.
  setText(changed_.size() == 1 ? tr("Change %1").arg(settingLabel(changed_.front()))
                               : tr("Change training settings"));
}

void SetSettingsCommand::redo() {
  document_->applySettings(newDataset_, newTraining_);
}

void SetSettingsCommand::undo() {
  document_->applySettings(oldDataset_, oldTraining_);
}

int SetSettingsCommand::id() const {
  return command_id::kSetSettings;
}

bool SetSettingsCommand::mergeWith(const QUndoCommand* other) {
  const auto* next = static_cast<const SetSettingsCommand*>(other);
  if (next->changed_ != changed_) return false;
  newDataset_ = next->newDataset_;
  newTraining_ = next->newTraining_;
  describe();
  return true;
}

}  // namespace convstudio
