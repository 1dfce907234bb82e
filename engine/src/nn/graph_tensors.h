#pragma once
// The tensors a graph's module owns and the shape each one needs, from shape inference alone, so
// a weights file (a checkpoint's model.safetensors, a project's weights) is checked against the
// graph before the module is built: a graph edited to a huge input is refused at the tensor that
// would not fit, instead of allocating the huge network first. Internal to the engine.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/block_analysis.h"
#include "convstudio/model/graph.h"

namespace convstudio {

struct GraphTensor {
  std::string block_id;
  std::string block_type;
  std::vector<std::int64_t> shape;
};

// By the name GraphModule registers ("conv1.weight"). `analysis` is ShapeInference's for `graph`.
std::map<std::string, GraphTensor> graph_tensors(const Graph& graph, const ModelAnalysis& analysis);

// The first tensor of `stored` (names and shapes as read from `source`) that the graph's module
// lacks, or one of the graph's missing from it or shaped otherwise: an Error naming `source`, the
// block and the tensor. Compares shapes only; dtypes are checked when the tensors are loaded.
std::optional<Error> check_graph_tensors(
    const Graph& graph, const ModelAnalysis& analysis,
    const std::map<std::string, std::vector<std::int64_t>>& stored, const std::string& source);

}  // namespace convstudio
