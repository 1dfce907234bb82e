#include "set_recompute_command.h"

#include "graph_document.h"

namespace convstudio {

SetRecomputeCommand::SetRecomputeCommand(GraphDocument* document, const QStringList& ids,
                                         bool recompute, const QString& group)
    : document_(document), recompute_(recompute), group_(recompute ? group : QString()) {
  for (const QString& id : ids) {
    const Block* block = document->graph().find_block(id.toStdString());
    if (block == nullptr) continue;
    const QString had = QString::fromStdString(block->recompute_group);
    if (block->recompute != recompute || had != group_)
      changed_.append({id, block->recompute, had});
  }
  const int count = static_cast<int>(changed_.size());
  setText(!recompute ? tr("Keep activations of %n block(s)", nullptr, count)
          : group_.isEmpty()
              ? tr("Recompute %n block(s) in backward", nullptr, count)
              : tr("Recompute %n block(s) in backward as one segment", nullptr, count));
  setObsolete(changed_.isEmpty());
}

void SetRecomputeCommand::redo() {
  GraphDocument::Batch batch(*document_);
  for (const Before& block : changed_) document_->setBlockRecompute(block.id, recompute_, group_);
}

void SetRecomputeCommand::undo() {
  GraphDocument::Batch batch(*document_);
  for (const Before& block : changed_) {
    document_->setBlockRecompute(block.id, block.recompute, block.group);
  }
}

}  // namespace convstudio
