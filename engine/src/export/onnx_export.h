#pragma once
// The ONNX form of a trained model, built node by node with the onnx library's protobuf classes
// (LibTorch's C++ API has no ONNX exporter) and checked by onnx::checker before it is written.

#include <filesystem>
#include <optional>
#include <string>

#include "convstudio/export/preprocessing_contract.h"
#include "convstudio/result.h"
#include "export/onnx_file.h"
#include "export/trained_model.h"

namespace convstudio {

class OnnxExport {
 public:
  // The serialized ModelProto: opset kOnnxOpset, input "input" [batch, C, H, W] and output
  // "logits" [batch, classes] with a symbolic batch, every attribute explicit, BatchNorm as
  // BatchNormalization with the running statistics, the contract in metadata_props.
  // Throws std::runtime_error when onnx::checker rejects the model (a bug in this exporter).
  static std::string serialize(const TrainedModel& model);
  static std::optional<Error> write(const TrainedModel& model, const std::filesystem::path& file);
  // Parses and checks an .onnx file with onnx::checker; the error names the file.
  static std::optional<Error> check_file(const std::filesystem::path& file);
  // Reads a file that parses, passes the checker and carries our contract; the error names the
  // file and what is missing.
  static Result<OnnxFile> read(const std::filesystem::path& file);
};

}  // namespace convstudio
