#include "export/onnx_export.h"

#include <stdexcept>

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>

#include "convstudio/export/export_compatibility.h"
#include "convstudio/io/atomic_write.h"
#include "export/onnx_graph_builder.h"

namespace convstudio {

std::string OnnxExport::serialize(const TrainedModel& model) {
  onnx::ModelProto proto;
  proto.set_ir_version(onnx::IR_VERSION);
  proto.set_producer_name("ConvStudio");
  proto.set_producer_version(CONVSTUDIO_VERSION);
  proto.set_domain("org.convstudio");
  proto.set_model_version(1);
  proto.set_doc_string(
      "Input: float N x C x H x W, pixels / 255 then (x - mean) / std per channel (see "
      "metadata 'convstudio'). Output: logits; probabilities are softmax(logits / temperature).");
  onnx::OperatorSetIdProto* opset = proto.add_opset_import();
  opset->set_domain("");
  opset->set_version(kOnnxOpset);

  const nlohmann::json contract = model.contract.to_json();
  auto metadata = [&](const std::string& key, const std::string& value) {
    onnx::StringStringEntryProto* entry = proto.add_metadata_props();
    entry->set_key(key);
    entry->set_value(value);
  };
  metadata("convstudio", contract.dump());
  metadata("input_shape", contract["input_shape"].dump());
  metadata("channel_order", model.contract.channel_order);
  metadata("mean", contract["mean"].dump());
  metadata("std", contract["std"].dump());
  metadata("class_names", contract["class_names"].dump());

  OnnxGraphBuilder(model, *proto.mutable_graph()).build();
  try {
    onnx::checker::check_model(proto);
  } catch (const std::exception& error) {
    throw std::runtime_error(std::string("the ONNX checker rejects the exported model: ") +
                             error.what());
  }
  std::string bytes;
  if (!proto.SerializeToString(&bytes)) throw std::runtime_error("cannot serialize the ONNX model");
  return bytes;
}

std::optional<Error> OnnxExport::write(const TrainedModel& model,
                                       const std::filesystem::path& file) {
  std::string bytes;
  try {
    bytes = serialize(model);
  } catch (const std::exception& error) {
    return Error::in_file(file.string(), error.what());
  }
  return write_file_atomically(file, bytes);
}

std::optional<Error> OnnxExport::check_file(const std::filesystem::path& file) {
  auto bytes = read_onnx_bytes(file);
  if (!bytes) return bytes.error();
  return check_onnx_bytes(bytes.value(), file.string());
}

Result<OnnxFile> OnnxExport::read(const std::filesystem::path& file) {
  auto bytes = read_onnx_bytes(file);
  if (!bytes) return bytes.error();
  return parse_onnx_file(std::move(bytes).value(), file.string());
}

}  // namespace convstudio
