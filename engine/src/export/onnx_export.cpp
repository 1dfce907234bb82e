#include "export/onnx_export.h"

#include <fstream>
#include <sstream>
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

namespace {

// Reads, parses and checks an .onnx file into `bytes` and `proto`; the error names the file.
std::optional<Error> read_checked(const std::filesystem::path& file, std::string& bytes,
                                  onnx::ModelProto& proto) {
  std::ifstream stream(file, std::ios::binary);
  if (!stream) return Error::in_file(file.string(), "cannot be opened");
  std::ostringstream text;
  text << stream.rdbuf();
  bytes = std::move(text).str();
  if (!proto.ParseFromString(bytes)) {
    return Error::in_file(file.string(),
                          "is not an ONNX model (the protobuf cannot be parsed; truncated?)");
  }
  try {
    onnx::checker::check_model(proto);
  } catch (const std::exception& error) {
    return Error::in_file(file.string(), std::string("fails the ONNX checker: ") + error.what());
  }
  return std::nullopt;
}

}  // namespace

std::optional<Error> OnnxExport::check_file(const std::filesystem::path& file) {
  std::string bytes;
  onnx::ModelProto proto;
  return read_checked(file, bytes, proto);
}

Result<OnnxFile> OnnxExport::read(const std::filesystem::path& file) {
  std::string bytes;
  onnx::ModelProto proto;
  if (auto error = read_checked(file, bytes, proto)) return *error;
  for (const onnx::StringStringEntryProto& entry : proto.metadata_props()) {
    if (entry.key() != "convstudio") continue;
    try {
      PreprocessingContract contract =
          PreprocessingContract::from_json(nlohmann::json::parse(entry.value()));
      if (!contract.input.is_image()) {
        return Error::in_file(file.string(),
                              "metadata 'convstudio' has no C\u00d7H\u00d7W input shape");
      }
      return OnnxFile{std::move(bytes), std::move(contract)};
    } catch (const nlohmann::json::exception& error) {
      return Error::in_file(
          file.string(),
          std::string("metadata 'convstudio' is not a valid contract: ") + error.what());
    }
  }
  return Error::in_file(file.string(),
                        "holds no metadata 'convstudio' (not exported by ConvStudio, so its "
                        "preprocessing is unknown)");
}

}  // namespace convstudio
