#pragma once
// The Output block's modes (its "mode" parameter): "dense", the default and the only behaviour
// before modes existed, is a Linear layer to `classes` on a flat input; "pass-through" makes the
// incoming tensor the model's output (N×K class scores or N×K×H×W logits). The Output's home,
// the importer, the start weights and the task check ask by these names.

#include <string_view>

#include "convstudio/model/block.h"
#include "convstudio/model/input_output_blocks.h"

namespace convstudio {

inline constexpr std::string_view kOutputModeDense = "dense";
inline constexpr std::string_view kOutputModePassThrough = "pass-through";

inline bool is_pass_through_output(const Block& block) {
  return block.type == kOutputBlockType && block.choice_param("mode") == kOutputModePassThrough;
}

}  // namespace convstudio
