#pragma once
// Undo command: one wire drawn from an output port to an input port (already checked).

#include <QCoreApplication>
#include <QUndoCommand>

#include "convstudio/model/connection.h"

namespace convstudio {

class GraphDocument;

class ConnectCommand : public QUndoCommand {
  Q_DECLARE_TR_FUNCTIONS(ConnectCommand)

 public:
  ConnectCommand(GraphDocument* document, Connection connection);
  void redo() override;
  void undo() override;

 private:
  GraphDocument* document_;
  Connection connection_;
  std::size_t index_;
};

}  // namespace convstudio
