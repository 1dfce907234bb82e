#pragma once
// Reading a ConvStudio .onnx file back (torch-free, so the fuzz harness and any reader can use
// it): the protobuf is parsed, passed through onnx::checker, and the preprocessing contract is
// taken from metadata_props["convstudio"]. Every problem is an Error naming the file.

#include <filesystem>
#include <optional>
#include <string>

#include "convstudio/export/preprocessing_contract.h"
#include "convstudio/result.h"

namespace convstudio {

// A ConvStudio .onnx file read once: its bytes, for a runtime to build the network from, and
// the preprocessing contract from its metadata_props["convstudio"].
struct OnnxFile {
  std::string bytes;
  PreprocessingContract contract;
};

// The whole file, or why it cannot be read.
Result<std::string> read_onnx_bytes(const std::filesystem::path& file);
// Parses `bytes` as a ModelProto and runs onnx::checker; `file` names the source in errors.
std::optional<Error> check_onnx_bytes(const std::string& bytes, const std::string& file);
// Checks `bytes` as above and reads our contract from them.
Result<OnnxFile> parse_onnx_file(std::string bytes, const std::string& file);

}  // namespace convstudio
