#include "auto_layout.h"

#include <algorithm>
#include <map>

namespace convstudio {

std::vector<std::pair<QString, QPointF>> AutoLayout::arrange(const Graph& graph) {
  std::map<std::string, int> depth;
  int maxDepth = 0;
  if (auto order = graph.topological_order()) {
    for (const std::string& id : *order) {
      int d = 0;
      for (const Connection& c : graph.inputs_of(id)) {
        if (auto it = depth.find(c.from); it != depth.end()) d = std::max(d, it->second + 1);
      }
      depth[id] = d;
      maxDepth = std::max(maxDepth, d);
    }
  }
  for (const Block& b : graph.blocks()) {
    if (!depth.contains(b.id)) depth[b.id] = maxDepth + 1;
  }

  // Rows in graph order first, then stably sorted by the column of the first parent, so a
  // shortcut branch stays beside the main path instead of jumping across it.
  std::map<int, std::vector<std::string>> rows;
  for (const Block& b : graph.blocks()) rows[depth[b.id]].push_back(b.id);
  std::map<std::string, double> column;
  std::vector<std::pair<QString, QPointF>> result;
  for (auto& [row, ids] : rows) {
    auto parentColumn = [&](const std::string& id) {
      const auto inputs = graph.inputs_of(id);
      if (inputs.empty()) return 0.0;
      auto it = column.find(inputs.front().from);
      return it == column.end() ? 0.0 : it->second;
    };
    std::stable_sort(ids.begin(), ids.end(), [&](const std::string& a, const std::string& b) {
      return parentColumn(a) < parentColumn(b);
    });
    // Each block goes under its first parent, or to the right of whatever took that place,
    // so the main path stays a straight spine and branches sit beside it.
    std::vector<double> taken;
    for (const std::string& id : ids) {
      double x = parentColumn(id);
      while (std::find(taken.begin(), taken.end(), x) != taken.end()) x += kColumnSpacing;
      taken.push_back(x);
      column[id] = x;
      result.emplace_back(QString::fromStdString(id), QPointF(x, row * kRowSpacing));
    }
  }
  return result;
}

}  // namespace convstudio
