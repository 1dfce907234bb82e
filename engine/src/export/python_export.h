#pragma once
// The generated-PyTorch form of a trained model: Python source defining an nn.Module that
// rebuilds the graph (submodules named after the blocks, so parameter names match the
// checkpoint) and a loader for the weights, which go into a .safetensors beside it.

#include <filesystem>
#include <optional>
#include <string>

#include "export/trained_model.h"

namespace convstudio {

class PythonExport {
 public:
  // The source; `weights_file` is the file name load_model() looks for beside the .py.
  static std::string source(const TrainedModel& model, const std::string& weights_file);
  // Writes `code` (.py) and `weights` (the native .safetensors) beside it.
  static std::optional<Error> write(const TrainedModel& model, const std::filesystem::path& code,
                                    const std::filesystem::path& weights);
};

}  // namespace convstudio
