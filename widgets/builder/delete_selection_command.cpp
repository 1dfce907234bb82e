#include "delete_selection_command.h"

#include <algorithm>

#include "graph_document.h"

namespace convstudio {

DeleteSelectionCommand::DeleteSelectionCommand(GraphDocument* document, const QStringList& ids,
                                               const std::vector<Connection>& wires)
    : document_(document) {
  const Graph& graph = document->graph();
  auto selected = [&](const std::string& id) { return ids.contains(QString::fromStdString(id)); };
  for (std::size_t i = 0; i < graph.blocks().size(); ++i) {
    if (selected(graph.blocks()[i].id)) blocks_.emplace_back(i, graph.blocks()[i]);
  }
  for (std::size_t i = 0; i < graph.connections().size(); ++i) {
    const Connection& c = graph.connections()[i];
    const bool listed = std::find(wires.begin(), wires.end(), c) != wires.end();
    if (listed || selected(c.from) || selected(c.to)) wires_.emplace_back(i, c);
  }
  if (blocks_.empty()) {
    setText(tr("Delete %n wire(s)", "", static_cast<int>(wires_.size())));
  } else {
    setText(tr("Delete %n block(s)", "", static_cast<int>(blocks_.size())));
  }
  if (blocks_.empty() && wires_.empty()) setObsolete(true);
}

void DeleteSelectionCommand::redo() {
  GraphDocument::Batch batch(*document_);
  for (const auto& [index, wire] : wires_) document_->removeConnection(wire);
  for (const auto& [index, block] : blocks_) {
    document_->removeBlock(QString::fromStdString(block.id));
  }
}

void DeleteSelectionCommand::undo() {
  GraphDocument::Batch batch(*document_);
  // Ascending order: every earlier place is filled again before a later one is used.
  for (const auto& [index, block] : blocks_) document_->insertBlockAt(block, index);
  for (const auto& [index, wire] : wires_) document_->insertConnectionAt(wire, index);
}

}  // namespace convstudio
