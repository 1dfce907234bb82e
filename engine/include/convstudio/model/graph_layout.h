#pragma once
// Places the blocks of a graph that has no positions (an imported model) the way the templates
// are drawn: one row per step from the input, the longest path straight down the first column,
// side branches (projections, Inception-style parallel paths) in columns beside it.

#include "convstudio/model/graph.h"

namespace convstudio {

inline constexpr double kLayoutRowStep = 90;
inline constexpr double kLayoutColumnStep = 220;

// Sets every block's position; a graph with a cycle keeps its positions.
void lay_out_graph(Graph& graph);

}  // namespace convstudio
