#pragma once
// Shape inference with costs, from the input shape through the DAG.

#include <optional>

#include "convstudio/model/block_analysis.h"
#include "convstudio/model/graph.h"
#include "convstudio/model/tensor_shape.h"

namespace convstudio {

// Runs GraphValidator, then infers every block's output shape, parameters and MACs in
// topological order. Reports all problems at once; blocks fed by a failed block are skipped.
class ShapeInference {
 public:
  // `input` replaces the Input block's channels/height/width (CLI --input, dataset shape).
  static ModelAnalysis run(const Graph& graph, std::optional<TensorShape> input = std::nullopt);
};

}  // namespace convstudio
