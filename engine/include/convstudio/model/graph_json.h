#pragma once
// The JSON form of a graph, shared by project files, templates and the GUI clipboard.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "convstudio/error.h"
#include "convstudio/model/graph.h"

namespace convstudio {

// {"blocks": [{"id", "type", "x", "y", "params": {...}}], "connections": [{"from", "to",
// "port"}]}. Reading checks JSON types (and parameter types for catalog blocks) and reports
// problems with their field path under `path`; graph-level problems are left to GraphValidator.
class GraphJson {
 public:
  static nlohmann::ordered_json to_json(const Graph& graph);
  // Appends problems to `errors` (field paths start with `path`, e.g. "graph").
  static Graph from_json(const nlohmann::ordered_json& json, const std::string& path,
                         std::vector<Error>& errors);
};

}  // namespace convstudio
