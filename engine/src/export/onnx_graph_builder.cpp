#include "export/onnx_graph_builder.h"

#include <cstring>
#include <stdexcept>

namespace convstudio {
namespace {

void ints(onnx::NodeProto& node, const char* name, const std::vector<std::int64_t>& values) {
  onnx::AttributeProto* attribute = node.add_attribute();
  attribute->set_name(name);
  attribute->set_type(onnx::AttributeProto::INTS);
  for (std::int64_t value : values) attribute->add_ints(value);
}

void integer(onnx::NodeProto& node, const char* name, std::int64_t value) {
  onnx::AttributeProto* attribute = node.add_attribute();
  attribute->set_name(name);
  attribute->set_type(onnx::AttributeProto::INT);
  attribute->set_i(value);
}

void real(onnx::NodeProto& node, const char* name, double value) {
  onnx::AttributeProto* attribute = node.add_attribute();
  attribute->set_name(name);
  attribute->set_type(onnx::AttributeProto::FLOAT);
  attribute->set_f(static_cast<float>(value));
}

void set_shape(onnx::ValueInfoProto& value, const std::string& name,
               const std::vector<std::int64_t>& sample_dims) {
  value.set_name(name);
  onnx::TypeProto_Tensor* tensor = value.mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(onnx::TensorProto::FLOAT);
  onnx::TensorShapeProto* shape = tensor->mutable_shape();
  shape->add_dim()->set_dim_param("batch");
  for (std::int64_t dim : sample_dims) shape->add_dim()->set_dim_value(dim);
}

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

std::string OnnxGraphBuilder::value_name(const Block& block) const {
  if (block.type == "Input") return "input";
  if (block.type == "Output") return "logits";
  // Block ids are unique, so only the two graph-level names can collide.
  if (block.id == "input" || block.id == "logits") return block.id + "_value";
  return block.id;
}

std::vector<std::string> OnnxGraphBuilder::inputs_of(const Block& block) const {
  std::vector<std::string> names;
  for (const Connection& wire : model_.graph.inputs_of(block.id)) {
    names.push_back(value_of_.at(wire.from));
  }
  return names;
}

onnx::NodeProto& OnnxGraphBuilder::node(const std::string& op, const std::string& name,
                                        const std::vector<std::string>& inputs,
                                        const std::string& output) {
  onnx::NodeProto* node = graph_.add_node();
  node->set_op_type(op);
  node->set_name(name);
  for (const std::string& input : inputs) node->add_input(input);
  node->add_output(output);
  return *node;
}

std::string OnnxGraphBuilder::initializer(const std::string& block_id,
                                          const std::string& tensor_name) {
  const torch::Tensor value = model_.tensor(block_id, tensor_name).to(torch::kFloat).contiguous();
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

void OnnxGraphBuilder::add_block(const Block& block, const BlockAnalysis& shapes) {
  const std::string& type = block.type;
  const std::string& id = block.id;
  const std::string out = value_name(block);
  const std::vector<std::string> in = inputs_of(block);
  value_of_[id] = out;
  auto square = [](std::int64_t v) { return std::vector<std::int64_t>{v, v}; };

  if (type == "Input") return;
  if (type == "Dropout" || type == "Dropout2d") {
    value_of_[id] = in[0];  // identity at inference: later blocks read the input directly
    return;
  }
  if (type == "Conv2d") {
    std::vector<std::string> inputs{in[0], initializer(id, "weight")};
    if (block.bool_param("bias")) inputs.push_back(initializer(id, "bias"));
    const std::int64_t k = block.int_param("kernel");
    const std::int64_t dilation = block.int_param("dilation");
    std::vector<std::int64_t> pads(4, block.int_param("padding"));
    if (block.choice_param("padding_mode") == "same") {
      // PyTorch puts the odd pixel of 'same' padding at the bottom and right.
      const std::int64_t total = dilation * (k - 1);
      pads = {total / 2, total / 2, total - total / 2, total - total / 2};
    }
    onnx::NodeProto& conv = node("Conv", id, inputs, out);
    ints(conv, "kernel_shape", square(k));
    ints(conv, "strides", square(block.int_param("stride")));
    ints(conv, "pads", pads);
    ints(conv, "dilations", square(dilation));
    integer(conv, "group", block.int_param("groups"));
  } else if (type == "BatchNorm2d") {
    onnx::NodeProto& bn = node("BatchNormalization", id,
                               {in[0], initializer(id, "weight"), initializer(id, "bias"),
                                initializer(id, "running_mean"), initializer(id, "running_var")},
                               out);
    real(bn, "epsilon", block.float_param("eps"));
    // ONNX's momentum is the weight of the old statistics, PyTorch's that of the new batch.
    real(bn, "momentum", 1.0 - block.float_param("momentum"));
  } else if (type == "MaxPool2d" || type == "AvgPool2d") {
    const std::int64_t k = block.int_param("kernel");
    const std::int64_t stride = block.int_param("stride") == 0 ? k : block.int_param("stride");
    const std::int64_t padding = block.int_param("padding");
    std::vector<std::string> inputs = in;
    std::vector<std::int64_t> pool_pads(4, padding);
    if (type == "AvgPool2d" && padding > 0) {
      // PyTorch averages padded zeros in (count_include_pad). OpenCV 4.6 ignores that attribute,
      // so the zeros are made explicit by a Pad node, which every runtime reads the same way.
      onnx::NodeProto& pad =
          node("Pad", id + "/pad",
               {in[0], int64s(id + ".pads", {0, 0, padding, padding, 0, 0, padding, padding})},
               id + "/pad");
      onnx::AttributeProto* mode = pad.add_attribute();
      mode->set_name("mode");
      mode->set_type(onnx::AttributeProto::STRING);
      mode->set_s("constant");
      inputs = {id + "/pad"};
      pool_pads.assign(4, 0);
    }
    onnx::NodeProto& pool = node(type == "MaxPool2d" ? "MaxPool" : "AveragePool", id, inputs, out);
    ints(pool, "kernel_shape", square(k));
    ints(pool, "strides", square(stride));
    ints(pool, "pads", pool_pads);
    integer(pool, "ceil_mode", 0);
    if (type == "MaxPool2d") {
      ints(pool, "dilations", {1, 1});
      integer(pool, "storage_order", 0);
    } else {
      integer(pool, "count_include_pad", 1);
    }
  } else if (type == "AdaptiveAvgPool2d") {
    const std::int64_t size = block.int_param("output_size");
    if (size == 1) {
      node("GlobalAveragePool", id, in, out);
    } else {
      // Adaptive windows are fixed ones when the size divides the input (checked beforehand).
      const TensorShape& x = shapes.input_shapes.at(0);
      const std::vector<std::int64_t> window{x.height() / size, x.width() / size};
      onnx::NodeProto& pool = node("AveragePool", id, in, out);
      ints(pool, "kernel_shape", window);
      ints(pool, "strides", window);
      ints(pool, "pads", {0, 0, 0, 0});
      integer(pool, "ceil_mode", 0);
      integer(pool, "count_include_pad", 1);
    }
  } else if (type == "Linear" || type == "Output") {
    std::vector<std::string> inputs{in[0], initializer(id, "weight")};
    if (type == "Output" || block.bool_param("bias")) inputs.push_back(initializer(id, "bias"));
    onnx::NodeProto& gemm = node("Gemm", id, inputs, out);
    real(gemm, "alpha", 1.0);
    real(gemm, "beta", 1.0);
    integer(gemm, "transA", 0);
    integer(gemm, "transB", 1);
  } else if (type == "ReLU" || type == "Sigmoid" || type == "Tanh") {
    node(type == "ReLU" ? "Relu" : type, id, in, out);
  } else if (type == "LeakyReLU") {
    real(node("LeakyRelu", id, in, out), "alpha", block.float_param("negative_slope"));
  } else if (type == "SiLU") {
    node("Sigmoid", id + "/sigmoid", in, id + "/sigmoid");
    node("Mul", id, {in[0], id + "/sigmoid"}, out);
  } else if (type == "GELU") {
    // Opset 13 has no Gelu: 0.5 * x * (1 + erf(x / sqrt(2))), exactly as torch.gelu.
    node("Div", id + "/div", {in[0], scalar(id + ".sqrt2", 1.41421356237309504880f)}, id + "/div");
    node("Erf", id + "/erf", {id + "/div"}, id + "/erf");
    node("Add", id + "/add", {id + "/erf", scalar(id + ".one", 1.0f)}, id + "/add");
    node("Mul", id + "/mul", {in[0], id + "/add"}, id + "/mul");
    node("Mul", id, {id + "/mul", scalar(id + ".half", 0.5f)}, out);
  } else if (type == "Flatten") {
    integer(node("Flatten", id, in, out), "axis", 1);
  } else if (type == "Add") {
    std::string sum = in[0];
    for (std::size_t i = 1; i < in.size(); ++i) {
      const std::string step = i + 1 == in.size() ? out : id + "/sum" + std::to_string(i);
      node("Add", i + 1 == in.size() ? id : step, {sum, in[i]}, step);
      sum = step;
    }
  } else if (type == "Concat") {
    integer(node("Concat", id, in, out), "axis", 1);
  } else {
    throw std::invalid_argument("no ONNX mapping for block type " + type);
  }
}

}  // namespace convstudio
