#pragma once
// Importing an ONNX classifier as a ConvStudio project: the graph becomes blocks laid out like
// the templates, the weights become the project's starting weights (a safetensors file beside
// the project). Anything that cannot be imported is refused before a file is written.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/project.h"

namespace convstudio {

struct OnnxImportResult {
  // The project as imported (its `weights` names the weights file); valid when ok().
  Project project;
  std::vector<std::string> files;  // written: the project file, then the weights file
  // Every problem: each refused node (block_id = the node's name, block_type = its op type), or
  // the file's problem. Nothing is written when there is one.
  std::vector<Error> errors;
  std::int64_t opset = 0;
  std::string producer;              // "pytorch 2.14.1"
  std::int64_t parameter_count = 0;  // trainable parameters, as PyTorch counts them
  bool ok() const { return errors.empty(); }
  // One line per problem, for the CLI and the import dialog.
  std::string describe_errors() const;
};

// Progress as a fraction in [0, 1] with what is being done ("reading", "mapping nodes", ...).
using ImportProgress = std::function<void(double fraction, const std::string& step)>;

// Reads `model` (and the external data files beside it) and checks every node; writes nothing.
OnnxImportResult check_onnx_import(const std::filesystem::path& model,
                                   const ImportProgress& progress = {});

// Imports `model` into `project_file` (*.convstudio) with its weights in
// ProjectFile::default_weights_file(project_file). Both are written atomically, weights first.
OnnxImportResult import_onnx_model(const std::filesystem::path& model,
                                   const std::filesystem::path& project_file,
                                   const ImportProgress& progress = {});

}  // namespace convstudio
