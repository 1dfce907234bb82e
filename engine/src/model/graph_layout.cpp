#include "convstudio/model/graph_layout.h"

#include <algorithm>
#include <map>
#include <set>

#include "graph_index.h"

namespace convstudio {

void lay_out_graph(Graph& graph) {
  const auto order = graph.topological_order();
  if (!order) return;
  // Each block's inputs from one index (Graph::inputs_of scans every wire per call, quadratic
  // for an imported chain of many thousand blocks). set_position below leaves ids and wires as
  // they are, so the index stays valid.
  const GraphIndex index(graph);
  auto inputs_of = [&index](const std::string& id) -> const std::vector<const Connection*>& {
    return index.inputs(*index.position(id));
  };
  // Row: the longest path from a source, so a merge sits below every branch it joins.
  std::map<std::string, int> row;
  std::map<std::string, std::string> longest_from;  // the predecessor on the longest path
  for (const std::string& id : *order) {
    int r = 0;
    for (const Connection* c : inputs_of(id)) {
      if (row.count(c->from) && row[c->from] + 1 > r) {
        r = row[c->from] + 1;
        longest_from[id] = c->from;
      }
    }
    row[id] = r;
  }
  // The main path: back from the deepest block along the longest predecessors.
  std::set<std::string> main_path;
  std::string deepest = order->back();
  for (const auto& [id, r] : row) {
    if (r > row[deepest]) deepest = id;
  }
  for (std::string at = deepest; !at.empty();) {
    main_path.insert(at);
    auto it = longest_from.find(at);
    at = it == longest_from.end() ? std::string() : it->second;
  }
  // Columns: a side block stays in its predecessor's column when that cell is free.
  std::map<std::string, int> column;
  std::set<std::pair<int, int>> taken;  // (row, column)
  for (const std::string& id : *order) {
    int wanted = 0;
    if (!main_path.count(id)) {
      wanted = 1;
      for (const Connection* c : inputs_of(id)) {
        if (column.count(c->from) && column[c->from] > 0) {
          wanted = column[c->from];
          break;
        }
      }
      while (taken.count({row[id], wanted})) ++wanted;
    }
    column[id] = wanted;
    taken.insert({row[id], wanted});
    graph.set_position(id, wanted * kLayoutColumnStep, row[id] * kLayoutRowStep);
  }
}

}  // namespace convstudio
