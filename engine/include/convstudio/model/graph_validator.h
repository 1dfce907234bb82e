#pragma once
// Structural checks of a graph, before any shape is known.

#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/graph.h"

namespace convstudio {

// Finds every structural problem at once: unknown types and parameters, out-of-range values,
// dangling, doubly-fed or out-of-range inputs, wrong Add/Concat input counts, cycles, missing or
// repeated Input/Output, wires from Output, wires to unknown blocks, and blocks whose output
// never reaches the Output. (A block cut off from the Input always shows as a dangling input
// where the path breaks, or as a cycle.) A graph with an id that block_id_problem() refuses
// gets only those problems, placed by position ("graph.blocks[3].id"), since every other
// message would name blocks by their ids.
class GraphValidator {
 public:
  static std::vector<Error> validate(const Graph& graph);
  // Only the ids of blocks and wire ends (block_id.h): empty when every id may be printed.
  static std::vector<Error> validate_ids(const Graph& graph);
};

}  // namespace convstudio
