#pragma once
// What a block type's shape rule works with: the block, its input shapes, the analysis it fills
// and a way to report problems with their place.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/block.h"
#include "convstudio/model/block_analysis.h"

namespace convstudio::blocks {

class ShapeRule {
 public:
  ShapeRule(const Block& block, BlockAnalysis& analysis, std::vector<Error>& errors,
            const std::optional<TensorShape>& graph_input);

  const TensorShape& in(std::size_t port = 0) const { return out.input_shapes.at(port); }
  std::size_t input_count() const { return out.input_shapes.size(); }
  // Records "<type>: <message>" at `field` ("params.kernel", "inputs[1]"); returns false.
  bool fail(std::string field, const std::string& message);
  bool require_image(const char* hint = "");
  bool require_flat();
  // The output has the input's shape; autograd keeps the input and/or the output.
  bool same_shape(bool saves_input, bool saves_output);

  const Block& block;
  BlockAnalysis& out;
  // The shape the model is analysed at, when the caller gives one (read by Input).
  const std::optional<TensorShape>& graph_input;

 private:
  std::vector<Error>& errors_;
};

// "30×30": the input size after `padding` on each side, for error messages.
std::string padded_text(std::int64_t height, std::int64_t width, std::int64_t padding);

}  // namespace convstudio::blocks
