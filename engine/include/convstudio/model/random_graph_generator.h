#pragma once
// Seeded generator of random valid graphs, for tests that compare inference and the builder.

#include <cstddef>
#include <cstdint>
#include <random>

#include "convstudio/model/graph.h"
#include "convstudio/model/tensor_shape.h"

namespace convstudio {

// Produces diverse graphs that pass ShapeInference: chains of every catalog type and merges
// (Add, Concat) of branches, each block's parameters picked by its own type (grouped and
// depthwise convs, dilation, "same" padding, stride 2, ...). Walks the block registry, so a new
// type appears without changes here. The same seed gives the same sequence of graphs.
class RandomGraphGenerator {
 public:
  explicit RandomGraphGenerator(std::uint64_t seed);
  // A valid graph; retries internally until ShapeInference accepts it.
  Graph next();
  // How many drafts ShapeInference refused so far (0 when the blocks' own rules, applied one
  // block at a time, agree with inference of the whole graph, which the tests check).
  std::size_t rejected() const { return rejected_; }
  // The input shape the last graph was generated for.
  const TensorShape& last_input() const { return input_; }

 private:
  std::mt19937_64 rng_;
  TensorShape input_;
  std::size_t rejected_ = 0;
};

}  // namespace convstudio
