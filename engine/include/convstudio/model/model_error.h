#pragma once
// A problem in a graph, pointed at the block (and field) it belongs to.

#include <string>

namespace convstudio {

// One graph or shape problem with its place, so the GUI can mark the block and the CLI can print
// one line per problem. Graph-wide problems (no Input block) have an empty block_id.
struct ModelError {
  std::string block_id;    // "conv2"; empty for problems of the whole graph
  std::string block_type;  // "Conv2d"; empty when unknown or graph-wide
  std::string field;       // "params.kernel", "inputs[1]", "type", "graph"
  std::string message;     // user words, starting with the block type: "Conv2d: kernel 5 ..."

  bool operator==(const ModelError&) const = default;
};

}  // namespace convstudio
