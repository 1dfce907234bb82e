#include "export/onnx_graph_builder.h"

#include <cstring>
#include <stdexcept>

#include "blocks/block_model.h"
#include "blocks/block_torch.h"
#include "export/onnx_value_name.h"

namespace convstudio {
namespace {

void set_shape(onnx::ValueInfoProto& value, const std::string& name,
               const std::vector<std::int64_t>& sample_dims) {
  value.set_name(name);
  onnx::TypeProto_Tensor* tensor = value.mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(onnx::TensorProto::FLOAT);
  onnx::TensorShapeProto* shape = tensor->mutable_shape();
  shape->add_dim()->set_dim_param("batch");
  for (std::int64_t dim : sample_dims) shape->add_dim()->set_dim_value(dim);
}

// Writes one attribute as the protobuf type its value holds.
struct AttributeWriter {
  onnx::AttributeProto& attribute;
  void operator()(std::int64_t value) const {
    attribute.set_type(onnx::AttributeProto::INT);
    attribute.set_i(value);
  }
  void operator()(float value) const {
    attribute.set_type(onnx::AttributeProto::FLOAT);
    attribute.set_f(value);
  }
  void operator()(const std::vector<std::int64_t>& values) const {
    attribute.set_type(onnx::AttributeProto::INTS);
    for (std::int64_t value : values) attribute.add_ints(value);
  }
  void operator()(const std::string& value) const {
    attribute.set_type(onnx::AttributeProto::STRING);
    attribute.set_s(value);
  }
};

}  // namespace

OnnxGraphBuilder::OnnxGraphBuilder(const TrainedModel& model, onnx::GraphProto& graph)
    : model_(model), graph_(graph) {}

void OnnxGraphBuilder::build() {
  graph_.set_name("convstudio");
  set_shape(*graph_.add_input(), "input", model_.analysis.input_shape.dims);
  for (const BlockAnalysis& shapes : model_.analysis.blocks) {
    add_block(*model_.graph.find_block(shapes.id), shapes);
  }
  set_shape(*graph_.add_output(), "logits", model_.analysis.output_shape().dims);
}

std::vector<std::string> OnnxGraphBuilder::inputs_of(const Block& block) const {
  std::vector<std::string> names;
  for (const Connection& wire : model_.graph.inputs_of(block.id)) {
    names.push_back(value_of_.at(wire.from));
  }
  return names;
}

void OnnxGraphBuilder::add_block(const Block& block, const BlockAnalysis& shapes) {
  const blocks::OnnxBlock onnx_block{block, shapes, inputs_of(block), onnx_value_name(block)};
  value_of_[block.id] = blocks::block_torch(block.type).onnx(onnx_block, *this);
}

void OnnxGraphBuilder::add_node(const blocks::OnnxNode& node) {
  onnx::NodeProto* proto = graph_.add_node();
  proto->set_op_type(node.op_type);
  proto->set_name(node.name);
  for (const std::string& input : node.inputs) proto->add_input(input);
  proto->add_output(node.output);
  for (const blocks::OnnxAttribute& attribute : node.attributes) {
    onnx::AttributeProto* written = proto->add_attribute();
    written->set_name(attribute.name);
    std::visit(AttributeWriter{*written}, attribute.value);
  }
}

std::string OnnxGraphBuilder::initializer(const std::string& block_id,
                                          const std::string& tensor_name) {
  const torch::Tensor& value = model_.tensor(block_id, tensor_name);
  return reshaped_initializer(block_id, tensor_name, value.sizes().vec());
}

std::string OnnxGraphBuilder::reshaped_initializer(const std::string& block_id,
                                                   const std::string& tensor_name,
                                                   const std::vector<std::int64_t>& dims) {
  const torch::Tensor value =
      model_.tensor(block_id, tensor_name).to(torch::kFloat).contiguous().reshape(dims);
  onnx::TensorProto* tensor = graph_.add_initializer();
  tensor->set_name(block_id + "." + tensor_name);
  tensor->set_data_type(onnx::TensorProto::FLOAT);
  for (std::int64_t dim : value.sizes()) tensor->add_dims(dim);
  // ONNX raw_data is little-endian, as the CPU tensors we hold.
  tensor->set_raw_data(value.data_ptr<float>(), static_cast<std::size_t>(value.numel()) * 4);
  return tensor->name();
}

std::string OnnxGraphBuilder::int64s(const std::string& name,
                                     const std::vector<std::int64_t>& values) {
  onnx::TensorProto* tensor = graph_.add_initializer();
  tensor->set_name(name);
  tensor->set_data_type(onnx::TensorProto::INT64);
  tensor->add_dims(static_cast<std::int64_t>(values.size()));
  for (std::int64_t value : values) tensor->add_int64_data(value);
  return name;
}

std::string OnnxGraphBuilder::scalar(const std::string& name, float value) {
  onnx::TensorProto* tensor = graph_.add_initializer();
  tensor->set_name(name);
  tensor->set_data_type(onnx::TensorProto::FLOAT);
  tensor->add_float_data(value);
  return name;
}

std::string OnnxGraphBuilder::floats(const std::string& name, const std::vector<float>& values) {
  onnx::TensorProto* tensor = graph_.add_initializer();
  tensor->set_name(name);
  tensor->set_data_type(onnx::TensorProto::FLOAT);
  tensor->add_dims(static_cast<std::int64_t>(values.size()));
  for (float value : values) tensor->add_float_data(value);
  return name;
}

}  // namespace convstudio
