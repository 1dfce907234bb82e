#pragma once
// The bytes of a tensor an ONNX model keeps in a file beside it (external data). The model is a
// stranger's: the location must lead, through every symbolic link, to a regular file inside the
// model's real folder, so a model reads neither your other files nor a FIFO or device (which
// would block the import forever). Internal to the engine.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "convstudio/result.h"

namespace convstudio::onnx_import {

struct ExternalDataRequest {
  std::string tensor;    // the tensor's name, for messages
  std::string location;  // as the model writes it, relative to the model's folder
  std::uint64_t offset = 0;
  std::optional<std::uint64_t> length;  // to the end of the file when absent
  // What the tensor's shape and type take: checked against the file before anything is read.
  std::uint64_t expected_bytes = 0;
};

Result<std::string> read_external_data(const std::filesystem::path& model_file,
                                       const ExternalDataRequest& request);

}  // namespace convstudio::onnx_import
