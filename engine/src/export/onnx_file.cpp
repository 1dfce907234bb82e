#include "export/onnx_file.h"

#include <fstream>
#include <sstream>

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>

namespace convstudio {
namespace {

std::optional<Error> parse_checked(const std::string& bytes, const std::string& file,
                                   onnx::ModelProto& proto) {
  if (!proto.ParseFromString(bytes)) {
    return Error::in_file(file, "is not an ONNX model (the protobuf cannot be parsed; truncated?)");
  }
  try {
    onnx::checker::check_model(proto);
  } catch (const std::exception& error) {
    return Error::in_file(file, std::string("fails the ONNX checker: ") + error.what());
  }
  return std::nullopt;
}

}  // namespace

Result<std::string> read_onnx_bytes(const std::filesystem::path& file) {
  std::ifstream stream(file, std::ios::binary);
  if (!stream) return Error::in_file(file.string(), "cannot be opened");
  std::ostringstream text;
  text << stream.rdbuf();
  if (stream.bad()) return Error::in_file(file.string(), "cannot be read");
  return std::move(text).str();
}

std::optional<Error> check_onnx_bytes(const std::string& bytes, const std::string& file) {
  onnx::ModelProto proto;
  return parse_checked(bytes, file, proto);
}

Result<OnnxFile> parse_onnx_file(std::string bytes, const std::string& file) {
  onnx::ModelProto proto;
  if (auto error = parse_checked(bytes, file, proto)) return *error;
  for (const onnx::StringStringEntryProto& entry : proto.metadata_props()) {
    if (entry.key() != "convstudio") continue;
    try {
      PreprocessingContract contract =
          PreprocessingContract::from_json(nlohmann::json::parse(entry.value()));
      if (!contract.input.is_image()) {
        return Error::in_file(file, "metadata 'convstudio' has no C\u00d7H\u00d7W input shape");
      }
      return OnnxFile{std::move(bytes), std::move(contract)};
    } catch (const nlohmann::json::exception& error) {
      return Error::in_file(
          file, std::string("metadata 'convstudio' is not a valid contract: ") + error.what());
    }
  }
  return Error::in_file(file,
                        "holds no metadata 'convstudio' (not exported by ConvStudio, so its "
                        "preprocessing is unknown)");
}

}  // namespace convstudio
