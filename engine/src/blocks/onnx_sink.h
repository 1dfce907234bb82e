#pragma once
// Where a block type's ONNX emitter writes its nodes, without the ONNX protobuf headers (they
// need the onnx targets' compile definitions; see engine/src/export/CMakeLists.txt).
// OnnxGraphBuilder implements the sink.

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "convstudio/model/block.h"
#include "convstudio/model/block_analysis.h"

namespace convstudio::blocks {

struct OnnxAttribute {
  std::string name;
  std::variant<std::int64_t, float, std::vector<std::int64_t>, std::string> value;
};

// One ONNX node with its attributes in the order they are written.
struct OnnxNode {
  OnnxNode(std::string op_type, std::string name, std::vector<std::string> inputs,
           std::string output);

  OnnxNode& integer(std::string attribute, std::int64_t value);
  OnnxNode& real(std::string attribute, double value);  // stored as float, as ONNX does
  OnnxNode& ints(std::string attribute, std::vector<std::int64_t> values);
  OnnxNode& text(std::string attribute, std::string value);

  std::string op_type;
  std::string name;
  std::vector<std::string> inputs;
  std::string output;
  std::vector<OnnxAttribute> attributes;
};

class OnnxSink {
 public:
  virtual ~OnnxSink() = default;

  virtual void add_node(const OnnxNode& node) = 0;
  // The block's trained tensor as an initializer named like the checkpoint ("conv1.weight");
  // returns its name.
  virtual std::string initializer(const std::string& block_id, const std::string& tensor) = 0;
  // The same, stored with other dims of the same element count ([C] as [C, 1, 1] to broadcast).
  virtual std::string reshaped_initializer(const std::string& block_id, const std::string& tensor,
                                           const std::vector<std::int64_t>& dims) = 0;
  // Constants: a 1-D int64 tensor, a float scalar, a 1-D float tensor. Return `name`.
  virtual std::string int64s(const std::string& name, const std::vector<std::int64_t>& values) = 0;
  virtual std::string scalar(const std::string& name, float value) = 0;
  virtual std::string floats(const std::string& name, const std::vector<float>& values) = 0;
};

// What an emitter gets: the block, its shapes, the ONNX values feeding it (by port) and the
// value name its output should carry.
struct OnnxBlock {
  const Block& block;
  const BlockAnalysis& shapes;
  std::vector<std::string> inputs;
  std::string output;
};

}  // namespace convstudio::blocks
