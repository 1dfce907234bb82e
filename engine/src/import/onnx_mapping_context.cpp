#include "import/onnx_mapping_context.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "convstudio/model/layer_catalog.h"

namespace convstudio::onnx_import {

std::string torch_message(const std::exception& error) {
  const auto* torch_error = dynamic_cast<const c10::Error*>(&error);
  std::string text = torch_error ? torch_error->what_without_backtrace() : error.what();
  return text.substr(0, text.find('\n'));
}

MappingContext::MappingContext(const OnnxModelView& view, MappedModel& out)
    : view_(view), out_(out) {
  // Stored tensors are bounded by the file's size, so their sum cannot overflow.
  for (const auto& [name, tensor] : view.constants) folding_budget_ += 2 * tensor.numel();
}

bool MappingContext::reserve_folded(const OnnxNodeView& node,
                                    std::optional<std::int64_t> elements) {
  if (elements && *elements <= folding_budget_ - folded_elements_) {
    folded_elements_ += *elements;
    return true;
  }
  return refuse(node, "folding its constant inputs would make " +
                          (elements ? std::to_string(*elements) : std::string("too many")) +
                          " values; a model's folded constants may hold " +
                          std::to_string(folding_budget_) +
                          " values in all (16 Mi plus twice the values the file stores)");
}

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
  if (tensor == nullptr || tensor->dim() > 1 || tensor->is_floating_point() ||
      tensor->numel() > static_cast<std::int64_t>(kLongestShapeValue)) {
    return std::nullopt;
  }
  const torch::Tensor flat = tensor->to(torch::kInt64).contiguous().reshape({-1});
  const std::int64_t* values = flat.data_ptr<std::int64_t>();
  return ShapeValue(values, values + flat.numel());
}

std::string MappingContext::block_id_for(const OnnxNodeView& node, const BlockSpec& spec) {
  // A node name that reads as a block id (ConvStudio's own exports name nodes after blocks)
  // stays; PyTorch's paths ("/layer1/conv1/Conv") give way to catalog ids ("conv3").
  const bool readable =
      !node.name.empty() && node.name.size() <= 40 &&
      (std::isalpha(static_cast<unsigned char>(node.name[0])) || node.name[0] == '_') &&
      std::all_of(node.name.begin(), node.name.end(),
                  [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
  const Graph& graph = out_.graph;
  if (readable && out_.node_of_block.count(node.name) == 0 && !graph.find_block(node.name)) {
    return node.name;
  }
  // The first free "<prefix><n>", as Graph::unique_id finds it; counting on from the last one
  // given keeps a model of many thousand blocks of one type linear (ids are never freed here).
  int& n = next_id_number_[spec.id_prefix];
  std::string id;
  do {
    id = spec.id_prefix + std::to_string(++n);
  } while (graph.find_block(id) != nullptr);
  return id;
}

std::string MappingContext::add_block(const OnnxNodeView& node, const std::string& type,
                                      BlockParams params, const std::vector<std::string>& inputs,
                                      const std::string& output) {
  const BlockSpec* found = LayerCatalog::instance().find(type);
  // The operator table names block types by hand (blocks/README.md): a type renamed in its home
  // but not there fails here, naming it, rather than reading through a null entry.
  if (found == nullptr)
    throw std::logic_error("the ONNX importer names no block type '" + type + "'");
  const BlockSpec& spec = *found;
  // The block gets its final id before it is inserted: renaming it afterwards would rewire
  // connections once per block.
  Block block;
  block.id = block_id_for(node, spec);
  block.type = spec.type;
  for (const ParamSpec& param : spec.params) block.params[param.name] = param.default_value;
  for (auto& [name, value] : params) block.params[name] = std::move(value);
  const std::string id = block.id;
  Graph& graph = out_.graph;
  graph.insert_block(std::move(block));
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
