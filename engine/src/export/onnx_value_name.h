#pragma once
// The ONNX value that carries a block's output in our ONNX export: "input" for the Input block,
// "logits" for the Output block, the block id otherwise. One rule for the exporter and for the
// int8 calibration, which keys the activation ranges it measures by these names.

#include <string>

#include "blocks/block_model.h"
#include "convstudio/model/block.h"

namespace convstudio {

inline std::string onnx_value_name(const Block& block) {
  if (blocks::is_model_input(block)) return "input";
  if (blocks::is_model_output(block)) return "logits";
  // Block ids are unique, so only the two graph-level names can collide.
  if (block.id == "input" || block.id == "logits") return block.id + "_value";
  return block.id;
}

}  // namespace convstudio
