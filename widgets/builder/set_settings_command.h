#pragma once
// Undo command: the dataset or training settings changed. Successive changes of the same
// settings (typing a learning rate, a spin-box drag) merge into one step; a change back to where
// it started is dropped.

#include <QCoreApplication>
#include <QUndoCommand>

#include <string>
#include <vector>

#include "convstudio/model/dataset_settings.h"
#include "convstudio/model/training_settings.h"

namespace convstudio {

class GraphDocument;

class SetSettingsCommand : public QUndoCommand {
  Q_DECLARE_TR_FUNCTIONS(SetSettingsCommand)

 public:
  SetSettingsCommand(GraphDocument* document, DatasetSettings dataset, TrainingSettings training);
  void redo() override;
  void undo() override;
  int id() const override;
  bool mergeWith(const QUndoCommand* other) override;

 private:
  void describe();

  GraphDocument* document_;
  DatasetSettings oldDataset_, newDataset_;
  TrainingSettings oldTraining_, newTraining_;
  std::vector<std::string> changed_;  // "training.lr": what this step changes
};

}  // namespace convstudio
