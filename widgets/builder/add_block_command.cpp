#include "add_block_command.h"

#include "graph_document.h"

namespace convstudio {

AddBlockCommand::AddBlockCommand(GraphDocument* document, Block block)
    : document_(document), block_(std::move(block)), index_(document->graph().blocks().size()) {
  setText(tr("Add %1").arg(QString::fromStdString(block_.type)));
}

void AddBlockCommand::redo() {
  document_->insertBlockAt(block_, index_);
}

void AddBlockCommand::undo() {
  document_->removeBlock(QString::fromStdString(block_.id));
}

}  // namespace convstudio
