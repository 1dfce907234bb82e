#include "auto_layout_command.h"

#include "graph_document.h"

namespace convstudio {

AutoLayoutCommand::AutoLayoutCommand(GraphDocument* document,
                                     const std::vector<std::pair<QString, QPointF>>& positions)
    : document_(document), after_(positions) {
  setText(tr("Arrange blocks"));
  bool changed = false;
  for (const auto& [id, to] : after_) {
    const Block* block = document->graph().find_block(id.toStdString());
    const QPointF from = block ? QPointF(block->x, block->y) : to;
    before_.emplace_back(id, from);
    changed = changed || from != to;
  }
  setObsolete(!changed);
}

void AutoLayoutCommand::redo() {
  for (const auto& [id, position] : after_) document_->setBlockPosition(id, position);
}

void AutoLayoutCommand::undo() {
  for (const auto& [id, position] : before_) document_->setBlockPosition(id, position);
}

}  // namespace convstudio
