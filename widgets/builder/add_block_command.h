#pragma once
// Undo command: one block added from the palette.

#include <QCoreApplication>
#include <QUndoCommand>

#include "convstudio/model/block.h"

namespace convstudio {

class GraphDocument;

class AddBlockCommand : public QUndoCommand {
  Q_DECLARE_TR_FUNCTIONS(AddBlockCommand)

 public:
  AddBlockCommand(GraphDocument* document, Block block);
  void redo() override;
  void undo() override;

 private:
  GraphDocument* document_;
  Block block_;
  std::size_t index_;
};

}  // namespace convstudio
