#include "connect_command.h"

#include "graph_document.h"

namespace convstudio {

ConnectCommand::ConnectCommand(GraphDocument* document, Connection connection)
    : document_(document),
      connection_(std::move(connection)),
      index_(document->graph().connections().size()) {
  setText(
      tr("Connect %1 to %2")
          .arg(QString::fromStdString(connection_.from), QString::fromStdString(connection_.to)));
}

void ConnectCommand::redo() {
  document_->insertConnectionAt(connection_, index_);
}

void ConnectCommand::undo() {
  document_->removeConnection(connection_);
}

}  // namespace convstudio
