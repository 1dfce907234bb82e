#pragma once
// The state the operator rules share while the importer walks the ONNX nodes: which block
// carries each ONNX value, the constants, the shape arithmetic, and the blocks made so far.
// Internal to the engine.

#include <functional>
#include <optional>
#include <set>

#include "convstudio/model/layer_catalog.h"
#include "import/onnx_graph_mapper.h"

namespace convstudio::onnx_import {

using BlockParams = std::map<std::string, ParamValue, std::less<>>;

// Constant folding runs a stranger's arithmetic (Expand to any shape, Concat doubling per node)
// before any check: every folded value counts against a budget of this many elements plus twice
// the elements the file stores, and a node that would pass it is refused before allocating. The
// floor is 16 Mi elements (64 MB of float32): the small tensors exporters leave unfolded (zero
// biases, transposed weights) fit many times over, and a model's own weights fit twice.
inline constexpr std::int64_t kFoldedElementsFloor = std::int64_t{1} << 24;
// Shape arithmetic is on shapes: lists of a few sizes. A longer list is refused.
inline constexpr std::size_t kLongestShapeValue = 1024;

// A value computed from tensor shapes (Shape, Gather, Concat ...): per element a known number,
// or nullopt for a size only known at run time (the batch).
using ShapeValue = std::vector<std::optional<std::int64_t>>;

class MappingContext {
 public:
  MappingContext(const OnnxModelView& view, MappedModel& out);

  // The block carrying ONNX value `name`; empty when none does (a constant, a shape value).
  std::string block_of(const std::string& value) const;
  const torch::Tensor* constant(const std::string& value) const;
  const ShapeValue* shape_value(const std::string& value) const;
  // A constant's or shape value's elements as integers (nullopt elements for unknown sizes).
  std::optional<ShapeValue> integers(const std::string& value) const;

  // Adds a block fed by the blocks carrying `inputs` (port by port) and records that it carries
  // `output`. Returns the block id.
  std::string add_block(const OnnxNodeView& node, const std::string& type, BlockParams params,
                        const std::vector<std::string>& inputs, const std::string& output);
  void set_tensor(const std::string& block_id, const std::string& name, torch::Tensor tensor);
  void alias(const std::string& value, const std::string& same_as);
  void set_constant(const std::string& value, torch::Tensor tensor);
  void set_shape_value(const std::string& value, ShapeValue shape);

  // Counts `elements` more folded values for `node`; false (the node refused, naming the budget)
  // when that passes the folding budget (kFoldedElementsFloor) or `elements` is unknown (too
  // many for 64 bits).
  bool reserve_folded(const OnnxNodeView& node, std::optional<std::int64_t> elements);

  // Refuses `node` with `why` (the message names the node and its op type); its outputs are
  // marked so the nodes reading them are skipped rather than refused again.
  bool refuse(const OnnxNodeView& node, const std::string& why);
  // True when an input comes from a refused node: the node is skipped, its outputs marked too.
  bool skip_after_refusal(const OnnxNodeView& node);

  MappedModel& out() { return out_; }
  const OnnxModelView& view() const { return view_; }
  // Linear blocks made from a MatMul without bias, by the value they carry: an Add of a
  // constant after them becomes their bias.
  std::map<std::string, std::string> bias_free_matmul;
  bool softmax_at_output = false;

 private:
  const OnnxModelView& view_;
  MappedModel& out_;
  std::map<std::string, std::string> block_of_value_;
  std::map<std::string, torch::Tensor> constants_;
  std::map<std::string, ShapeValue> shape_values_;
  std::set<std::string> refused_values_;
  std::string block_id_for(const OnnxNodeView& node, const BlockSpec& spec);

  std::map<std::string, int> next_id_number_;  // by id prefix
  std::int64_t folded_elements_ = 0;
  std::int64_t folding_budget_ = kFoldedElementsFloor;
};

// A LibTorch exception's message without the C++ backtrace LibTorch appends: its first line.
std::string torch_message(const std::exception& error);

// The rule for one op type: reads the node, adds blocks or values through the context. Returns
// false after refusing the node.
using OperatorRule = std::function<bool(const OnnxNodeView&, MappingContext&)>;
// nullptr when the op type is not supported.
const OperatorRule* find_operator_rule(const std::string& op_type);
// Shape arithmetic (Shape, Gather, Unsqueeze, Concat of sizes ...): evaluated when every input is
// a constant or shape value. False when the node is not shape arithmetic.
bool fold_shape_node(const OnnxNodeView& node, MappingContext& context);
// Arithmetic whose inputs are all constants (initializers PyTorch did not fold): evaluated into
// one more constant. False when an input is not constant or the operator is not foldable.
bool fold_constant_node(const OnnxNodeView& node, MappingContext& context);

}  // namespace convstudio::onnx_import
