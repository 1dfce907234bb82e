#pragma once
// Lookups that whole-graph algorithms (validation, shape inference, ordering) need for every
// block, built once in O(blocks + wires) so that those algorithms stay linear: Graph's own
// find_block/inputs_of scan the whole graph per call, which is quadratic when called per block.
// Holds pointers into the graph: the graph must outlive the index and not change meanwhile.

#include <cstddef>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "convstudio/model/graph.h"

namespace convstudio {

class GraphIndex {
 public:
  explicit GraphIndex(const Graph& graph);

  // The block's position in graph.blocks(); nullopt for an unknown id.
  std::optional<std::size_t> position(std::string_view id) const;
  const Block* block(std::string_view id) const;
  // Wires into the block at `position`, sorted by port (ties keep insertion order), and wires
  // out of it in insertion order. Wires from or to unknown blocks are listed at the known end.
  const std::vector<const Connection*>& inputs(std::size_t position) const {
    return inputs_[position];
  }
  const std::vector<const Connection*>& outputs(std::size_t position) const {
    return outputs_[position];
  }
  // Positions in dependency order (Kahn's algorithm, the earliest-inserted ready block first, as
  // Graph::topological_order); blocks in or behind a cycle are left out. Wires from unknown
  // blocks do not hold a block back.
  std::vector<std::size_t> partial_order() const;

 private:
  const Graph& graph_;
  std::unordered_map<std::string_view, std::size_t> positions_;
  std::vector<std::vector<const Connection*>> inputs_;
  std::vector<std::vector<const Connection*>> outputs_;
};

}  // namespace convstudio
