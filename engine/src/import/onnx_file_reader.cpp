#include "import/onnx_file_reader.h"

#include <onnx/onnx_pb.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <set>

#include "import/element_count.h"
#include "import/external_data_file.h"

namespace convstudio::onnx_import {
namespace {

namespace fs = std::filesystem;

std::string node_label(const onnx::NodeProto& node, int index) {
  if (!node.name().empty()) return node.name();
  return "#" + std::to_string(index) + " (" + node.op_type() + ")";
}

// External data as PyTorch writes it (`location` relative to the model's folder, `offset`,
// `length`), read by read_external_data, which keeps the reading inside the model's folder.
Result<std::string> external_bytes(const onnx::TensorProto& tensor, const fs::path& model_file,
                                   std::uint64_t expected_bytes) {
  ExternalDataRequest request;
  request.tensor = tensor.name();
  request.expected_bytes = expected_bytes;
  for (const auto& entry : tensor.external_data()) {
    try {
      if (entry.key() == "location") request.location = entry.value();
      if (entry.key() == "offset") request.offset = std::stoull(entry.value());
      if (entry.key() == "length") request.length = std::stoull(entry.value());
    } catch (const std::exception&) {
      return Error::in_file(model_file.string(), "tensor " + tensor.name() + ": external data " +
                                                     entry.key() + " is not a number");
    }
  }
  return read_external_data(model_file, request);
}

// A float32 or int64 CPU tensor from any of the ways ONNX stores one.
Result<torch::Tensor> to_tensor(const onnx::TensorProto& t, const fs::path& model_file) {
  std::vector<std::int64_t> dims(t.dims().begin(), t.dims().end());
  auto fail = [&](const std::string& why) {
    return Error::in_file(model_file.string(), "tensor " + t.name() + ": " + why);
  };
  if (std::any_of(dims.begin(), dims.end(), [](std::int64_t d) { return d < 0; })) {
    return fail("its shape " + shape_text(dims) + " has a negative size");
  }
  const std::optional<std::int64_t> checked = element_count(dims);
  if (!checked)
    return fail("its shape " + shape_text(dims) + " has more elements than fit in 64 bits");
  const std::int64_t count = *checked;
  torch::ScalarType type;
  std::size_t element_size;
  switch (t.data_type()) {
    case onnx::TensorProto::FLOAT:
      type = torch::kFloat32, element_size = 4;
      break;
    case onnx::TensorProto::DOUBLE:
      type = torch::kFloat64, element_size = 8;
      break;
    case onnx::TensorProto::FLOAT16:
      type = torch::kFloat16, element_size = 2;
      break;
    case onnx::TensorProto::INT64:
      type = torch::kInt64, element_size = 8;
      break;
    case onnx::TensorProto::INT32:
      type = torch::kInt32, element_size = 4;
      break;
    default:
      return fail("data type " + std::to_string(t.data_type()) + " is not supported");
  }
  std::uint64_t bytes_needed = 0;
  if (__builtin_mul_overflow(static_cast<std::uint64_t>(count), element_size, &bytes_needed)) {
    return fail("its shape " + shape_text(dims) + " takes more bytes than fit in 64 bits");
  }
  std::string raw;
  if (t.data_location() == onnx::TensorProto::EXTERNAL) {
    Result<std::string> bytes = external_bytes(t, model_file, bytes_needed);
    if (!bytes) return bytes.error();
    raw = std::move(bytes).value();
  } else if (t.has_raw_data()) {
    raw = t.raw_data();
  }
  torch::Tensor out;
  if (!raw.empty() || count == 0) {
    if (raw.size() != bytes_needed) {
      return fail("holds " + std::to_string(raw.size()) + " bytes for " + std::to_string(count) +
                  " elements");
    }
    out = torch::empty(dims, type);
    // An empty tensor has no storage (data_ptr() is null), and memcpy from or to null is
    // undefined even for 0 bytes (found by fuzz_onnx_file).
    if (!raw.empty()) std::memcpy(out.data_ptr(), raw.data(), raw.size());
  } else if (t.float_data_size() == count && type == torch::kFloat32) {
    out = torch::tensor(std::vector<float>(t.float_data().begin(), t.float_data().end()));
  } else if (t.int64_data_size() == count && type == torch::kInt64) {
    out = torch::tensor(std::vector<std::int64_t>(t.int64_data().begin(), t.int64_data().end()));
  } else if (t.int32_data_size() == count && type == torch::kInt32) {
    out = torch::tensor(std::vector<std::int32_t>(t.int32_data().begin(), t.int32_data().end()));
  } else if (t.double_data_size() == count && type == torch::kFloat64) {
    out = torch::tensor(std::vector<double>(t.double_data().begin(), t.double_data().end()));
  } else {
    return fail("its data does not match its " + std::to_string(count) + " elements");
  }
  out = out.reshape(dims);
  const bool integral = type == torch::kInt64 || type == torch::kInt32;
  return out.to(integral ? torch::kInt64 : torch::kFloat32).contiguous();
}

Result<OnnxAttribute> to_attribute(const onnx::AttributeProto& a, const fs::path& model_file) {
  switch (a.type()) {
    case onnx::AttributeProto::INT:
      return OnnxAttribute(std::int64_t{a.i()});
    case onnx::AttributeProto::FLOAT:
      return OnnxAttribute(double{a.f()});
    case onnx::AttributeProto::STRING:
      return OnnxAttribute(a.s());
    case onnx::AttributeProto::INTS:
      return OnnxAttribute(std::vector<std::int64_t>(a.ints().begin(), a.ints().end()));
    case onnx::AttributeProto::FLOATS:
      return OnnxAttribute(std::vector<double>(a.floats().begin(), a.floats().end()));
    case onnx::AttributeProto::TENSOR: {
      Result<torch::Tensor> t = to_tensor(a.t(), model_file);
      if (!t) return t.error();
      return OnnxAttribute(std::move(t).value());
    }
    default:
      return OnnxAttribute(std::string("<unsupported attribute type>"));
  }
}

}  // namespace

std::int64_t newest_opset() {
  // Debian's libonnx knows fewer opsets than PyTorch writes (20 by default); every operator the
  // importer maps was checked against its definitions up to opset 21, so that is the limit.
  return 21;
}

Result<OnnxModelView> read_onnx_file(const fs::path& file) {
  const std::string name = file.string();
  // A FIFO or device named as the model would block the read below or never end.
  struct stat info {};
  if (::stat(name.c_str(), &info) == 0 && !S_ISREG(info.st_mode)) {
    return Error::in_file(name, "is not a regular file, so not an ONNX model");
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) return Error::in_file(name, "cannot open the file for reading");
  if (info.st_size == 0) return Error::in_file(name, "is empty (0 bytes), not an ONNX model");
  onnx::ModelProto model;
  if (!model.ParseFromIstream(&in)) {
    return Error::in_file(name, "is not an ONNX model (the protobuf does not parse)");
  }
  // Protobuf reads many byte strings as a message with every field absent.
  if (model.opset_import_size() == 0 && !model.has_graph()) {
    return Error::in_file(name, "is not an ONNX model (it has neither a graph nor an opset)");
  }
  OnnxModelView view;
  view.producer = model.producer_name() + " " + model.producer_version();
  for (const auto& opset : model.opset_import()) {
    if (opset.domain().empty() || opset.domain() == "ai.onnx") view.opset = opset.version();
  }
  if (view.opset < kOldestOpset || view.opset > newest_opset()) {
    return Error::in_file(name, "uses opset " + std::to_string(view.opset) + "; ConvStudio reads " +
                                    std::to_string(kOldestOpset) + " to " +
                                    std::to_string(newest_opset()));
  }
  for (const auto& entry : model.metadata_props()) view.metadata[entry.key()] = entry.value();
  const onnx::GraphProto& graph = model.graph();
  for (const auto& initializer : graph.initializer()) {
    Result<torch::Tensor> t = to_tensor(initializer, file);
    if (!t) return t.error();
    view.constants[initializer.name()] = std::move(t).value();
  }
  std::vector<std::string> inputs;
  for (const auto& input : graph.input()) {
    if (view.constants.count(input.name()) == 0) inputs.push_back(input.name());
  }
  if (inputs.size() != 1 || graph.output_size() != 1) {
    return Error::in_file(name, "has " + std::to_string(inputs.size()) + " inputs and " +
                                    std::to_string(graph.output_size()) +
                                    " outputs; ConvStudio imports classifiers with one image "
                                    "input and one output");
  }
  view.input_name = inputs.front();
  view.output_name = graph.output(0).name();
  for (const auto& input : graph.input()) {
    if (input.name() != view.input_name) continue;
    for (const auto& dim : input.type().tensor_type().shape().dim()) {
      view.input_dims.push_back(dim.has_dim_value() ? dim.dim_value() : -1);
    }
  }
  for (int i = 0; i < graph.node_size(); ++i) {
    const onnx::NodeProto& node = graph.node(i);
    OnnxNodeView n;
    n.name = node_label(node, i);
    n.op_type = node.domain().empty() || node.domain() == "ai.onnx"
                    ? node.op_type()
                    : node.domain() + "::" + node.op_type();
    n.inputs.assign(node.input().begin(), node.input().end());
    n.outputs.assign(node.output().begin(), node.output().end());
    for (const auto& attribute : node.attribute()) {
      Result<OnnxAttribute> value = to_attribute(attribute, file);
      if (!value) return value.error();
      n.attributes[attribute.name()] = std::move(value).value();
    }
    view.nodes.push_back(std::move(n));
  }
  return view;
}

}  // namespace convstudio::onnx_import
