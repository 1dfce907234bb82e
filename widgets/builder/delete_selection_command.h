#pragma once
// Undo command: selected blocks (with every wire touching them) and selected wires deleted.
// The snapshot keeps each block's and wire's place, so undo restores the graph exactly.

#include <QCoreApplication>
#include <QStringList>
#include <QUndoCommand>

#include <utility>
#include <vector>

#include "convstudio/model/block.h"
#include "convstudio/model/connection.h"

namespace convstudio {

class GraphDocument;

class DeleteSelectionCommand : public QUndoCommand {
  Q_DECLARE_TR_FUNCTIONS(DeleteSelectionCommand)

 public:
  DeleteSelectionCommand(GraphDocument* document, const QStringList& ids,
                         const std::vector<Connection>& wires);
  void redo() override;
  void undo() override;

 private:
  GraphDocument* document_;
  // Values rather than a JSON round trip: the snapshot must restore even parameters a file
  // could not express. Both lists in ascending index order.
  std::vector<std::pair<std::size_t, Block>> blocks_;
  std::vector<std::pair<std::size_t, Connection>> wires_;
};

}  // namespace convstudio
