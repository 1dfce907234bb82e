#include "import/onnx_mapping_context.h"

#include <algorithm>
#include <cctype>

namespace convstudio::onnx_import {

std::string MappingContext::block_of(const std::string& value) const {
  auto it = block_of_value_.find(value);
  return it == block_of_value_.end() ? std::string() : it->second;
}

const torch::Tensor* MappingContext::constant(const std::string& value) const {
  auto it = constants_.find(value);
  return it == constants_.end() ? nullptr : &it->second;
}

const ShapeValue* MappingContext::shape_value(const std::string& value) const {
  auto it = shape_values_.find(value);
  return it == shape_values_.end() ? nullptr : &it->second;
}

std::optional<ShapeValue> MappingContext::integers(const std::string& value) const {
  if (const ShapeValue* shape = shape_value(value)) return *shape;
  const torch::Tensor* tensor = constant(value);
  if (tensor == nullptr || tensor->dim() > 1 || tensor->is_floating_point()) return std::nullopt;
  const torch::Tensor flat = tensor->to(torch::kFloat64).reshape({-1});
  ShapeValue result;
  for (std::int64_t i = 0; i < flat.numel(); ++i) {
    result.push_back(static_cast<std::int64_t>(flat[i].item<double>()));
  }
  return result;
}

std::string MappingContext::add_block(const OnnxNodeView& node, const std::string& type,
                                      BlockParams params, const std::vector<std::string>& inputs,
                                      const std::string& output) {
  Graph& graph = out_.graph;
  std::string id = graph.add_block(type);
  // A node name that reads as a block id (ConvStudio's own exports name nodes after blocks)
  // stays; PyTorch's paths ("/layer1/conv1/Conv") give way to catalog ids ("conv3").
  const bool readable =
      !node.name.empty() && node.name.size() <= 40 &&
      (std::isalpha(static_cast<unsigned char>(node.name[0])) || node.name[0] == '_') &&
      std::all_of(node.name.begin(), node.name.end(),
                  [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
  if (readable && out_.node_of_block.count(node.name) == 0 && graph.rename_block(id, node.name)) {
    id = node.name;
  }
  for (auto& [name, value] : params) graph.set_param(id, name, std::move(value));
  for (std::size_t port = 0; port < inputs.size(); ++port) {
    graph.insert_connection(Connection{block_of(inputs[port]), id, static_cast<int>(port)});
  }
  out_.node_of_block[id] = node.name;
  block_of_value_[output] = id;
  return id;
}

void MappingContext::set_tensor(const std::string& block_id, const std::string& name,
                                torch::Tensor tensor) {
  out_.tensors[block_id + "." + name] = tensor.to(torch::kFloat32).contiguous();
}

void MappingContext::alias(const std::string& value, const std::string& same_as) {
  if (auto it = block_of_value_.find(same_as); it != block_of_value_.end()) {
    block_of_value_[value] = it->second;
  }
  if (const torch::Tensor* t = constant(same_as)) constants_[value] = *t;
  if (const ShapeValue* s = shape_value(same_as)) shape_values_[value] = *s;
}

void MappingContext::set_constant(const std::string& value, torch::Tensor tensor) {
  constants_[value] = std::move(tensor);
}

void MappingContext::set_shape_value(const std::string& value, ShapeValue shape) {
  shape_values_[value] = std::move(shape);
}

bool MappingContext::refuse(const OnnxNodeView& node, const std::string& why) {
  out_.refusals.push_back(Error::in_block(node.name, node.op_type, "", why));
  for (const std::string& output : node.outputs) refused_values_.insert(output);
  return false;
}

bool MappingContext::skip_after_refusal(const OnnxNodeView& node) {
  for (const std::string& input : node.inputs) {
    if (refused_values_.count(input) == 0) continue;
    for (const std::string& output : node.outputs) refused_values_.insert(output);
    return true;
  }
  return false;
}

}  // namespace convstudio::onnx_import
