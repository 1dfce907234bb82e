#pragma once
// Per-type shape and cost rules used by ShapeInference (internal to convstudio_model).

#include <string>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/block.h"
#include "convstudio/model/block_analysis.h"

namespace convstudio {

// Fills `analysis` (whose input_shapes are set) with the block's output shape, parameter count,
// MACs and what autograd saves, following PyTorch's rules for the module the builder creates.
// Appends problems to `errors` and returns false when the block cannot produce an output.
// Every catalog type except Input (handled by ShapeInference) has one rule here.
bool apply_layer_rule(const Block& block, BlockAnalysis& analysis, std::vector<Error>& errors);

}  // namespace convstudio
