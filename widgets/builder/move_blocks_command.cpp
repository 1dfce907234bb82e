#include "move_blocks_command.h"

#include "command_ids.h"
#include "graph_document.h"

namespace convstudio {

MoveBlocksCommand::MoveBlocksCommand(GraphDocument* document,
                                     const std::vector<std::pair<QString, QPointF>>& positions)
    : document_(document) {
  for (const auto& [id, to] : positions) {
    if (const Block* block = document->graph().find_block(id.toStdString())) {
      moves_.push_back({id, QPointF(block->x, block->y), to});
    }
  }
  setText(tr("Move %n block(s)", "", static_cast<int>(moves_.size())));
  updateObsolete();
}

void MoveBlocksCommand::redo() {
  for (const Move& m : moves_) document_->setBlockPosition(m.id, m.to);
}

void MoveBlocksCommand::undo() {
  for (const Move& m : moves_) document_->setBlockPosition(m.id, m.from);
}

int MoveBlocksCommand::id() const {
  return command_id::kMoveBlocks;
}

bool MoveBlocksCommand::mergeWith(const QUndoCommand* other) {
  const auto* next = static_cast<const MoveBlocksCommand*>(other);
  if (next->moves_.size() != moves_.size()) return false;
  for (std::size_t i = 0; i < moves_.size(); ++i) {
    if (next->moves_[i].id != moves_[i].id) return false;
  }
  for (std::size_t i = 0; i < moves_.size(); ++i) moves_[i].to = next->moves_[i].to;
  updateObsolete();
  return true;
}

void MoveBlocksCommand::updateObsolete() {
  bool moved = false;
  for (const Move& m : moves_) moved = moved || m.from != m.to;
  setObsolete(!moved);
}

}  // namespace convstudio
