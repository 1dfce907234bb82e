#include "blocks/shape_rule.h"

namespace convstudio::blocks {

ShapeRule::ShapeRule(const Block& block, BlockAnalysis& analysis, std::vector<Error>& errors,
                     const std::optional<TensorShape>& graph_input)
    : block(block), out(analysis), graph_input(graph_input), errors_(errors) {}

bool ShapeRule::fail(std::string field, const std::string& message) {
  errors_.push_back(
      Error::in_block(block.id, block.type, std::move(field), block.type + ": " + message));
  return false;
}

bool ShapeRule::require_image(const char* hint) {
  if (in().is_image()) return true;
  return fail("inputs[0]", "expects a C\u00d7H\u00d7W input, got " + in().to_string() + hint);
}

bool ShapeRule::require_flat() {
  if (in().is_flat()) return true;
  return fail("inputs[0]",
              "expects a flat input, got " + in().to_string() + " (add a Flatten block)");
}

bool ShapeRule::same_shape(bool saves_input, bool saves_output) {
  out.output_shape = in();
  out.saves_input = saves_input;
  out.saves_output = saves_output;
  return true;
}

std::string padded_text(std::int64_t height, std::int64_t width, std::int64_t padding) {
  return std::to_string(height + 2 * padding) + "\u00d7" + std::to_string(width + 2 * padding);
}

}  // namespace convstudio::blocks
