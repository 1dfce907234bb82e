#pragma once
// An ONNX model as the importer reads it: nodes with their attributes and every constant
// (initializers, Constant nodes) as CPU tensors. Plain data, no protobuf, so the mapping onto
// block types compiles without the ONNX headers. Internal to the engine.

#include <torch/torch.h>

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace convstudio::onnx_import {

using OnnxAttribute = std::variant<std::int64_t, double, std::string, std::vector<std::int64_t>,
                                   std::vector<double>, torch::Tensor>;

struct OnnxNodeView {
  std::string name;  // as the file names it; "#<index> (<op>)" when the file leaves it empty
  std::string op_type;
  std::vector<std::string> inputs;  // "" for an omitted optional input
  std::vector<std::string> outputs;
  std::map<std::string, OnnxAttribute> attributes;

  bool has(const std::string& key) const { return attributes.count(key) > 0; }
  std::int64_t integer(const std::string& key, std::int64_t fallback) const;
  double real(const std::string& key, double fallback) const;
  std::string text(const std::string& key, const std::string& fallback) const;
  std::vector<std::int64_t> ints(const std::string& key,
                                 std::vector<std::int64_t> fallback = {}) const;
};

struct OnnxModelView {
  std::int64_t opset = 0;
  std::string producer;                  // "pytorch 2.14.1"
  std::string input_name;                // the one graph input that is not an initializer
  std::vector<std::int64_t> input_dims;  // -1 for a symbolic dimension (the batch)
  std::string output_name;
  std::vector<OnnxNodeView> nodes;                 // in the file's (topological) order
  std::map<std::string, torch::Tensor> constants;  // float32 or int64, CPU, contiguous
  std::map<std::string, std::string> metadata;     // the model's metadata_props
};

}  // namespace convstudio::onnx_import
