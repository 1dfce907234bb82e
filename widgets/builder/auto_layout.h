#pragma once
// Top-to-bottom placement of a graph: one row per topological depth, branches beside
// the main path.

#include <QPointF>
#include <QString>

#include <utility>
#include <vector>

#include "convstudio/model/graph.h"

namespace convstudio {

class AutoLayout {
 public:
  static constexpr double kColumnSpacing = 220;  // block width plus a gap
  static constexpr double kRowSpacing = 90;      // block height plus room for the wire

  // New top-left positions for every block. A block's row is its longest path from a source;
  // within a row, blocks keep the order of their first parent's column, then graph order.
  // Blocks on a cycle (an invalid graph) go to a last row.
  static std::vector<std::pair<QString, QPointF>> arrange(const Graph& graph);
};

}  // namespace convstudio
