#include "set_param_command.h"

#include "command_ids.h"
#include "graph_document.h"

namespace convstudio {

SetParamCommand::SetParamCommand(GraphDocument* document, QString id, QString name,
                                 ParamValue value)
    : document_(document), blockId_(std::move(id)), name_(std::move(name)), new_(std::move(value)) {
  if (const Block* block = document->graph().find_block(blockId_.toStdString())) {
    auto it = block->params.find(name_.toStdString());
    if (it != block->params.end()) old_ = it->second;
  }
  setText(tr("Set %1 of %2").arg(name_, blockId_));
  setObsolete(old_ == new_);
}

void SetParamCommand::redo() {
  document_->setBlockParam(blockId_, name_, new_);
}

void SetParamCommand::undo() {
  document_->setBlockParam(blockId_, name_, old_);
}

int SetParamCommand::id() const {
  return command_id::kSetParam;
}

bool SetParamCommand::mergeWith(const QUndoCommand* other) {
  const auto* next = static_cast<const SetParamCommand*>(other);
  if (next->blockId_ != blockId_ || next->name_ != name_) return false;
  new_ = next->new_;
  setObsolete(old_ == new_);
  return true;
}

}  // namespace convstudio
