#pragma once
// What a block says about itself on the canvas: its key parameters in a few characters, its
// output shape and cost, its problems, and how many input ports to draw.

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
};

}  // namespace convstudio
