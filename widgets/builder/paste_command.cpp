#include "paste_command.h"

#include <limits>
#include <utility>
#include <vector>

#include "graph_document.h"

namespace convstudio {

PasteCommand::PasteCommand(GraphDocument* document, Graph fragment)
    : document_(document), fragment_(std::move(fragment)) {
  setText(tr("Paste %n block(s)", "", static_cast<int>(fragment_.blocks().size())));
}

void PasteCommand::redo() {
  GraphDocument::Batch batch(*document_);
  constexpr std::size_t kAtEnd = std::numeric_limits<std::size_t>::max();
  std::vector<std::pair<std::size_t, Block>> blocks;
  blocks.reserve(fragment_.blocks().size());
  for (const Block& block : fragment_.blocks()) blocks.emplace_back(kAtEnd, block);
  document_->insertBlocksAt(std::move(blocks));
  std::vector<std::pair<std::size_t, Connection>> wires;
  wires.reserve(fragment_.connections().size());
  for (const Connection& c : fragment_.connections()) wires.emplace_back(kAtEnd, c);
  document_->insertConnectionsAt(std::move(wires));
}

void PasteCommand::undo() {
  QStringList ids;
  ids.reserve(static_cast<qsizetype>(fragment_.blocks().size()));
  for (const Block& block : fragment_.blocks()) ids << QString::fromStdString(block.id);
  document_->removeBlocks(ids);
}

}  // namespace convstudio
