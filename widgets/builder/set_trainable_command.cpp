#include "set_trainable_command.h"

#include "graph_document.h"

namespace convstudio {

SetTrainableCommand::SetTrainableCommand(GraphDocument* document, const QStringList& ids,
                                         bool trainable)
    : document_(document), trainable_(trainable) {
  for (const QString& id : ids) {
    const Block* block = document->graph().find_block(id.toStdString());
    if (block != nullptr && block->trainable != trainable) changed_ << id;
  }
  setText(trainable ? tr("Make %n block(s) trainable", nullptr, int(changed_.size()))
                    : tr("Freeze %n block(s)", nullptr, int(changed_.size())));
  setObsolete(changed_.isEmpty());
}

void SetTrainableCommand::redo() {
  GraphDocument::Batch batch(*document_);
  for (const QString& id : changed_) document_->setBlockTrainable(id, trainable_);
}

void SetTrainableCommand::undo() {
  GraphDocument::Batch batch(*document_);
  for (const QString& id : changed_) document_->setBlockTrainable(id, !trainable_);
}

}  // namespace convstudio
