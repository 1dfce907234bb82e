#pragma once
// Undo command: wires removed; undo puts each back at its place in the wire list.

#include <QCoreApplication>
#include <QUndoCommand>

#include <utility>
#include <vector>

#include "convstudio/model/connection.h"

namespace convstudio {

class GraphDocument;

class DisconnectCommand : public QUndoCommand {
  Q_DECLARE_TR_FUNCTIONS(DisconnectCommand)

 public:
  DisconnectCommand(GraphDocument* document, const std::vector<Connection>& connections);
  void redo() override;
  void undo() override;

 private:
  GraphDocument* document_;
  std::vector<std::pair<std::size_t, Connection>> removed_;  // ascending index
};

}  // namespace convstudio
