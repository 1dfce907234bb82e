#include "disconnect_command.h"

#include <algorithm>

#include "graph_document.h"

namespace convstudio {

DisconnectCommand::DisconnectCommand(GraphDocument* document,
                                     const std::vector<Connection>& connections)
    : document_(document) {
  const auto& wires = document->graph().connections();
  for (std::size_t i = 0; i < wires.size(); ++i) {
    if (std::find(connections.begin(), connections.end(), wires[i]) != connections.end()) {
      removed_.emplace_back(i, wires[i]);
    }
  }
  setText(tr("Disconnect %n wire(s)", "", static_cast<int>(removed_.size())));
  if (removed_.empty()) setObsolete(true);
}

void DisconnectCommand::redo() {
  GraphDocument::Batch batch(*document_);
  for (const auto& [index, connection] : removed_) document_->removeConnection(connection);
}

void DisconnectCommand::undo() {
  GraphDocument::Batch batch(*document_);
  for (const auto& [index, connection] : removed_) {
    document_->insertConnectionAt(connection, index);
  }
}

}  // namespace convstudio
