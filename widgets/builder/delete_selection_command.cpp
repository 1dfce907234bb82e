#include "delete_selection_command.h"

#include <set>
#include <string>
#include <unordered_set>

#include "graph_document.h"

namespace convstudio {

DeleteSelectionCommand::DeleteSelectionCommand(GraphDocument* document, const QStringList& ids,
                                               const std::vector<Connection>& wires)
    : document_(document) {
  const Graph& graph = document->graph();
  // Hashed look-ups: a selection of hundreds of blocks in a graph of thousands stays linear.
  std::unordered_set<std::string> selectedIds;
  for (const QString& id : ids) selectedIds.insert(id.toStdString());
  const std::set<Connection> listedWires(wires.begin(), wires.end());
  auto selected = [&](const std::string& id) { return selectedIds.contains(id); };
  for (std::size_t i = 0; i < graph.blocks().size(); ++i) {
    if (selected(graph.blocks()[i].id)) blocks_.emplace_back(i, graph.blocks()[i]);
  }
  for (std::size_t i = 0; i < graph.connections().size(); ++i) {
    const Connection& c = graph.connections()[i];
    if (listedWires.contains(c) || selected(c.from) || selected(c.to)) wires_.emplace_back(i, c);
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
  std::vector<Connection> wires;
  wires.reserve(wires_.size());
  for (const auto& [index, wire] : wires_) wires.push_back(wire);
  document_->removeConnections(wires);
  QStringList ids;
  ids.reserve(static_cast<qsizetype>(blocks_.size()));
  for (const auto& [index, block] : blocks_) ids << QString::fromStdString(block.id);
  document_->removeBlocks(ids);
}

void DeleteSelectionCommand::undo() {
  GraphDocument::Batch batch(*document_);
  // Both lists are in ascending order of place, as the batch inserts want them.
  document_->insertBlocksAt(blocks_);
  document_->insertConnectionsAt(wires_);
}

}  // namespace convstudio
