#pragma once
// Exporting a trained model (a checkpoint folder) to TorchScript, ONNX, the native
// graph + safetensors form, PyTorch source or .pt2, each with its preprocessing contract.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/export/export_compatibility.h"
#include "convstudio/export/export_format.h"

namespace convstudio {

struct ExportResult {
  std::vector<std::string> files;  // what was written, main file first
  CompatibilityReport report;
  // Set when nothing was written. Its place is the file at fault; a refusal names the blocks in
  // its message, and report.refusals holds each with its place.
  std::optional<Error> error;
  bool input_error = false;  // the error is the user's input (checkpoint, graph, path)
};

// `out` is the main file; the native form writes OUT (.safetensors) and OUT with .json beside
// it, the python form OUT (.py) and OUT with .safetensors beside it. Nothing is written when the
// compatibility check refuses a block. The .pt2 formats run `python` (find_python_torch's rule
// when empty: $CONVSTUDIO_PYTHON, then python3); pt2-aoti compiles for `device` ("cpu", "cuda"
// or "cuda:K"), the only kind of device its package then runs on.
ExportResult export_checkpoint(const std::filesystem::path& checkpoint_dir, ExportFormat format,
                               const std::filesystem::path& out, const std::string& python = {},
                               const std::string& device = "cpu");

// Exports a project's current weights (ProjectFile::weights_file: imported, or set from a file)
// without training, as export_checkpoint does for a checkpoint. A project without weights is
// refused. The preprocessing contract is the project's fit mode, no normalisation.
ExportResult export_project(const std::filesystem::path& project_file, ExportFormat format,
                            const std::filesystem::path& out, const std::string& python = {},
                            const std::string& device = "cpu");

// The file a format writes beside its main file `out`: OUT with .json for the native form, OUT
// with .safetensors for the python form; empty for the single-file formats.
std::filesystem::path export_companion_file(const std::filesystem::path& out, ExportFormat format);

// The compatibility check alone, writing nothing: what each block of the checkpoint's graph
// becomes in `format`, and what is refused (then `error` says so, as export_checkpoint would).
ExportResult check_checkpoint_export(const std::filesystem::path& checkpoint_dir,
                                     ExportFormat format);

}  // namespace convstudio
