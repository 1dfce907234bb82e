#pragma once
// Small graphs that exercise one block type each, built by walking the block registry: the
// type's defaults and, where the type has a sampler, parameters it picks itself.

#include <cstdint>
#include <string>
#include <vector>

#include "convstudio/model/graph.h"

namespace convstudio::testing {

struct BlockTypeGraph {
  std::string name;      // "Conv2d", "Conv2d-sampled1"
  std::string type;      // the block type under test
  std::string block_id;  // its block in `graph`
  Graph graph;           // Input -> [adapter] -> type -> [adapter] -> Output
};

// For every registered type: its defaults, then `sampled` variants with sampled parameters.
// Types that cannot follow `input` directly get an adapter in front (the first registered type
// that makes them accept it, e.g. Flatten before Linear, Conv2d before GroupNorm); merge types
// get the input and a shape-keeping branch. Throws when a type fits nowhere.
std::vector<BlockTypeGraph> block_type_graphs(const std::vector<std::int64_t>& input_dims,
                                              int sampled, std::uint64_t seed);

}  // namespace convstudio::testing
