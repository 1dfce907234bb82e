#include "set_recompute_command.h"

#include "graph_document.h"

namespace convstudio {

SetRecomputeCommand::SetRecomputeCommand(GraphDocument* document, const QStringList& ids,
                                         bool recompute)
    : document_(document), recompute_(recompute) {
  for (const QString& id : ids) {
    const Block* block = document->graph().find_block(id.toStdString());
    if (block != nullptr && block->recompute != recompute) changed_ << id;
  }
  setText(recompute ? tr("Recompute %n block(s) in backward", nullptr, int(changed_.size()))
                    : tr("Keep activations of %n block(s)", nullptr, int(changed_.size())));
  setObsolete(changed_.isEmpty());
}

void SetRecomputeCommand::redo() {
  GraphDocument::Batch batch(*document_);
  for (const QString& id : changed_) document_->setBlockRecompute(id, recompute_);
}

void SetRecomputeCommand::undo() {
  GraphDocument::Batch batch(*document_);
  for (const QString& id : changed_) document_->setBlockRecompute(id, !recompute_);
}

}  // namespace convstudio
