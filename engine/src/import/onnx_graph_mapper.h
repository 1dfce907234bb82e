#pragma once
// Maps an OnnxModelView onto ConvStudio blocks: every operator a block (or part of one, or
// nothing for shape arithmetic), every initializer a block tensor named "<block id>.<name>".
// Internal to the engine.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "checkpoint/module_tensors.h"
#include "convstudio/error.h"
#include "convstudio/model/graph.h"
#include "import/onnx_model_view.h"

namespace convstudio::onnx_import {

struct MappedModel {
  Graph graph;  // positions not set yet
  NamedTensors tensors;
  // Every node that cannot be imported, each naming the node, its op type and why.
  std::vector<Error> refusals;
  // Which ONNX node each block came from, for messages that name blocks.
  std::map<std::string, std::string> node_of_block;
  // Flatten blocks made from a Reshape to [batch, K]: K, to check against the inferred size.
  std::map<std::string, std::int64_t> flatten_features;
  // The Output block added in pass-through mode after the block giving the graph output (empty
  // when the output is a dense layer): its classes are set from the inferred shapes.
  std::string pass_through_output;
};

MappedModel map_onnx_graph(const OnnxModelView& view);

}  // namespace convstudio::onnx_import
