#pragma once
// What a block says about itself on the canvas: its key parameters in a few characters, its
// output shape and cost, its problems, and how many input ports to draw.

#include <QHash>
#include <QString>

#include "block_item.h"

namespace convstudio {

struct Block;
class GraphDocument;

class BlockText {
 public:
  // "16 · k5 · s2 · no bias": the defining parameters plus those that differ from the default.
  static QString keyParams(const Block& block);
  static BlockItem::Content content(const GraphDocument& document, const Block& block);
  // Every block's content by id, in one pass over the graph, the analysis and the errors:
  // linear in blocks + wires, where calling content() per block is quadratic.
  static QHash<QString, BlockItem::Content> contents(const GraphDocument& document);
};

}  // namespace convstudio
