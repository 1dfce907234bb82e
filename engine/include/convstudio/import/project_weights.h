#pragma once
// Giving a project starting weights from a file: a ConvStudio checkpoint folder, a safetensors
// file whose tensors are named "<block id>.<tensor>", or an ONNX model (imported on the fly).
// Tensors that fit are taken; an Output block whose class count differs starts fresh; any other
// mismatch refuses the whole file, listed by block.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/error.h"

namespace convstudio {

struct ProjectWeightsResult {
  std::optional<Error> error;              // set when nothing was changed
  std::int64_t copied = 0;                 // tensors taken from the file
  std::vector<std::string> reinitialised;  // Output blocks whose class count changed
  std::vector<std::string> not_in_file;    // blocks the file has no tensors for (fresh)
  std::string weights_file;                // what the project now names
};

// Writes ProjectFile::default_weights_file(project_file) and saves the project naming it.
ProjectWeightsResult set_project_weights(const std::filesystem::path& project_file,
                                         const std::filesystem::path& source);

}  // namespace convstudio
