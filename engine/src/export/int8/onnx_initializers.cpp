#include "export/int8/onnx_initializers.h"

#include <cstring>
#include <set>
#include <stdexcept>

namespace convstudio {

OnnxInitializers::OnnxInitializers(onnx::GraphProto& graph) : graph_(graph) {
  index();
}

void OnnxInitializers::index() {
  by_name_.clear();
  for (onnx::TensorProto& tensor : *graph_.mutable_initializer()) {
    by_name_[tensor.name()] = &tensor;
  }
}

std::vector<float> OnnxInitializers::floats(const std::string& name) const {
  const onnx::TensorProto& tensor = get(name);
  if (tensor.data_type() != onnx::TensorProto::FLOAT) {
    throw std::runtime_error("initializer " + name + " is not float");
  }
  if (!tensor.raw_data().empty()) {
    std::vector<float> values(tensor.raw_data().size() / sizeof(float));
    std::memcpy(values.data(), tensor.raw_data().data(), values.size() * sizeof(float));
    return values;
  }
  return {tensor.float_data().begin(), tensor.float_data().end()};
}

void OnnxInitializers::set_floats(const std::string& name, const std::vector<float>& values) {
  onnx::TensorProto& tensor = *by_name_.at(name);
  tensor.clear_float_data();
  // ONNX raw_data is little-endian, as the CPUs we run on.
  tensor.set_raw_data(values.data(), values.size() * sizeof(float));
}

onnx::TensorProto& OnnxInitializers::add(const std::string& name, int type,
                                         const std::vector<std::int64_t>& dims, const void* data,
                                         std::size_t bytes) {
  onnx::TensorProto* tensor = graph_.add_initializer();
  tensor->set_name(name);
  tensor->set_data_type(type);
  for (std::int64_t dim : dims) tensor->add_dims(dim);
  tensor->set_raw_data(data, bytes);
  // RepeatedPtrField allocates each element on its own, so the pointers kept stay valid.
  by_name_[name] = tensor;
  return *tensor;
}

void OnnxInitializers::add_floats(const std::string& name, const std::vector<std::int64_t>& dims,
                                  const std::vector<float>& values) {
  add(name, onnx::TensorProto::FLOAT, dims, values.data(), values.size() * sizeof(float));
}

void OnnxInitializers::add_int8s(const std::string& name, const std::vector<std::int64_t>& dims,
                                 const std::vector<std::int8_t>& values) {
  add(name, onnx::TensorProto::INT8, dims, values.data(), values.size());
}

void OnnxInitializers::add_uint8s(const std::string& name, const std::vector<std::int64_t>& dims,
                                  const std::vector<std::uint8_t>& values) {
  add(name, onnx::TensorProto::UINT8, dims, values.data(), values.size());
}

void OnnxInitializers::add_int32s(const std::string& name, const std::vector<std::int64_t>& dims,
                                  const std::vector<std::int32_t>& values) {
  add(name, onnx::TensorProto::INT32, dims, values.data(), values.size() * sizeof(std::int32_t));
}

void OnnxInitializers::remove_unused() {
  std::set<std::string> read;
  for (const onnx::NodeProto& node : graph_.node()) {
    for (const std::string& input : node.input()) read.insert(input);
  }
  auto* tensors = graph_.mutable_initializer();
  int kept = 0;
  for (int i = 0; i < tensors->size(); ++i) {
    if (read.count(tensors->Get(i).name()) == 0) continue;
    if (kept != i) tensors->SwapElements(kept, i);
    ++kept;
  }
  while (tensors->size() > kept) tensors->RemoveLast();
  index();
}

}  // namespace convstudio
