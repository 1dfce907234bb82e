#include "blocks/onnx_sink.h"

namespace convstudio::blocks {

OnnxNode::OnnxNode(std::string op_type, std::string name, std::vector<std::string> inputs,
                   std::string output)
    : op_type(std::move(op_type)),
      name(std::move(name)),
      inputs(std::move(inputs)),
      output(std::move(output)) {}

OnnxNode& OnnxNode::integer(std::string attribute, std::int64_t value) {
  attributes.push_back({std::move(attribute), value});
  return *this;
}

OnnxNode& OnnxNode::real(std::string attribute, double value) {
  attributes.push_back({std::move(attribute), static_cast<float>(value)});
  return *this;
}

OnnxNode& OnnxNode::ints(std::string attribute, std::vector<std::int64_t> values) {
  attributes.push_back({std::move(attribute), std::move(values)});
  return *this;
}

OnnxNode& OnnxNode::text(std::string attribute, std::string value) {
  attributes.push_back({std::move(attribute), std::move(value)});
  return *this;
}

}  // namespace convstudio::blocks
