#pragma once
// One block of a model graph: a layer instance with its parameters and canvas position.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "convstudio/model/param_value.h"

namespace convstudio {

// A placed layer: id, catalog type, parameter values and the canvas position (stored for the
// GUI, ignored by the engine). Parameters it does not set read as the catalog default.
struct Block {
  std::string id;    // unique in its graph, e.g. "conv1"
  std::string type;  // a LayerCatalog type, e.g. "Conv2d"
  std::map<std::string, ParamValue, std::less<>> params;
  double x = 0;
  double y = 0;
  // False: training leaves the block's weights (and BatchNorm statistics) exactly as they are.
  bool trainable = true;
  // True: activation checkpointing. Training keeps none of the block's activations for backward
  // (only its inputs) and runs its forward again during backward: less memory, more compute.
  bool recompute = false;
  // Marked blocks that share a non-empty group are recomputed together, as one segment (a stage):
  // backward keeps only the segment's inputs, not the activations between its blocks. Empty: the
  // block is recomputed alone, which keeps its inputs and so saves little on its own.
  std::string recompute_group;

  // The parameter's value, or the catalog default when unset or of the wrong kind.
  // Int parameters read as 0, floats 0.0, bools false, choices "" when unknown to the catalog.
  std::int64_t int_param(std::string_view name) const;
  double float_param(std::string_view name) const;  // accepts int-valued entries too
  bool bool_param(std::string_view name) const;
  std::string choice_param(std::string_view name) const;

  bool operator==(const Block&) const = default;
};

}  // namespace convstudio
