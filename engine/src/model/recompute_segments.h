#pragma once
// Which blocks backward recomputes together (activation checkpointing): a block marked to
// recompute alone is a segment of its own; marked blocks sharing a recompute group are one
// segment, which keeps only its inputs for backward. Written once here for shape inference, the
// memory estimate and the engine's GraphModule (which reads BlockAnalysis::recompute_segment).

#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/block_analysis.h"
#include "convstudio/model/graph.h"
#include "graph_index.h"

namespace convstudio {

// Sets recompute_segment of every analysed block. A block without inputs (Input) never
// recomputes. A group must be a closed region of the graph: a block outside it on a path from
// one of its blocks to another (the group would need that block's output before it could finish)
// gets an error naming the group.
void assign_recompute_segments(const Graph& graph, const GraphIndex& index,
                               ModelAnalysis& analysis);

}  // namespace convstudio
