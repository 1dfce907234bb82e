#pragma once
// Seeded generator of random valid graphs, for tests that compare inference and the builder.

#include <cstddef>
#include <cstdint>
#include <random>

#include "convstudio/model/graph.h"
#include "convstudio/model/tensor_shape.h"

namespace convstudio {

// Produces diverse graphs that pass ShapeInference: chains of every catalog type, Add and
// Concat branches, grouped and depthwise convs, dilation, "same" padding and stride 2.
// The same seed gives the same sequence of graphs.
class RandomGraphGenerator {
 public:
  explicit RandomGraphGenerator(std::uint64_t seed);
  // A valid graph; retries internally until ShapeInference accepts it.
  Graph next();
  // How many drafts ShapeInference refused so far (0 when the generator's own shape tracking
  // agrees with inference, which the tests check).
  std::size_t rejected() const { return rejected_; }
  // The input shape the last graph was generated for.
  const TensorShape& last_input() const { return input_; }

 private:
  struct Cursor;  // the block the next block attaches to, and its output shape
  Graph draft();
  Cursor image_step(Graph& graph, Cursor at);
  Cursor flat_step(Graph& graph, Cursor at);
  Cursor conv(Graph& graph, const Cursor& at, bool keep_size, int column);
  Cursor attach(Graph& graph, const Cursor& at, const char* type, int column = 0);
  std::int64_t pick(std::int64_t lo, std::int64_t hi);  // inclusive
  bool chance(double p);

  std::mt19937_64 rng_;
  TensorShape input_;
  std::size_t rejected_ = 0;
  int row_ = 0;
};

}  // namespace convstudio
