#include "paste_command.h"

#include <limits>

#include "graph_document.h"

namespace convstudio {

PasteCommand::PasteCommand(GraphDocument* document, Graph fragment)
    : document_(document), fragment_(std::move(fragment)) {
  setText(tr("Paste %n block(s)", "", static_cast<int>(fragment_.blocks().size())));
}

void PasteCommand::redo() {
  GraphDocument::Batch batch(*document_);
  constexpr std::size_t kAtEnd = std::numeric_limits<std::size_t>::max();
  for (const Block& block : fragment_.blocks()) document_->insertBlockAt(block, kAtEnd);
  for (const Connection& c : fragment_.connections()) document_->insertConnectionAt(c, kAtEnd);
}

void PasteCommand::undo() {
  GraphDocument::Batch batch(*document_);
  for (const Block& block : fragment_.blocks()) {
    document_->removeBlock(QString::fromStdString(block.id));
  }
}

}  // namespace convstudio
