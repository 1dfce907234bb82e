#pragma once
// Reading and writing the constant tensors of an ONNX graph by name, for the int8 rewrite.
// Internal to the ONNX object library (includes the onnx protobuf classes).

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <onnx/onnx_pb.h>

namespace convstudio {

class OnnxInitializers {
 public:
  explicit OnnxInitializers(onnx::GraphProto& graph);

  bool has(const std::string& name) const { return by_name_.count(name) > 0; }
  const onnx::TensorProto& get(const std::string& name) const { return *by_name_.at(name); }
  // A float tensor's values, from raw_data or float_data.
  std::vector<float> floats(const std::string& name) const;
  void set_floats(const std::string& name, const std::vector<float>& values);

  void add_floats(const std::string& name, const std::vector<std::int64_t>& dims,
                  const std::vector<float>& values);
  void add_int8s(const std::string& name, const std::vector<std::int64_t>& dims,
                 const std::vector<std::int8_t>& values);
  void add_uint8s(const std::string& name, const std::vector<std::int64_t>& dims,
                  const std::vector<std::uint8_t>& values);
  void add_int32s(const std::string& name, const std::vector<std::int64_t>& dims,
                  const std::vector<std::int32_t>& values);

  // Drops every initializer no node reads (the float weights the int8 ones replaced).
  void remove_unused();

 private:
  onnx::TensorProto& add(const std::string& name, int type, const std::vector<std::int64_t>& dims,
                         const void* data, std::size_t bytes);
  void index();

  onnx::GraphProto& graph_;
  std::map<std::string, onnx::TensorProto*> by_name_;
};

}  // namespace convstudio
