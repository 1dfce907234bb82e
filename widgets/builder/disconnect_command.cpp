#include "disconnect_command.h"

#include <set>

#include "graph_document.h"

namespace convstudio {

DisconnectCommand::DisconnectCommand(GraphDocument* document,
                                     const std::vector<Connection>& connections)
    : document_(document) {
  const std::set<Connection> chosen(connections.begin(), connections.end());
  const auto& wires = document->graph().connections();
  for (std::size_t i = 0; i < wires.size(); ++i) {
    if (chosen.contains(wires[i])) removed_.emplace_back(i, wires[i]);
  }
  setText(tr("Disconnect %n wire(s)", "", static_cast<int>(removed_.size())));
  if (removed_.empty()) setObsolete(true);
}

void DisconnectCommand::redo() {
  std::vector<Connection> wires;
  wires.reserve(removed_.size());
  for (const auto& [index, connection] : removed_) wires.push_back(connection);
  document_->removeConnections(wires);
}

void DisconnectCommand::undo() {
  document_->insertConnectionsAt(removed_);  // ascending places, as taken
}

}  // namespace convstudio
