#include "convstudio/export/model_export.h"

#include "export/native_export.h"
#include "export/onnx_export.h"
#include "export/pt2_export.h"
#include "export/python_export.h"
#include "export/torchscript_export.h"
#include "export/trained_model.h"
#include "io/safetensors_io.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

ExportResult failed(ExportResult result, Error error, bool input_error) {
  result.error = std::move(error);
  result.input_error = input_error;
  return result;
}

// Loads the checkpoint and checks it against `format`; `result.error` is set when either fails.
ExportResult load_and_check(const fs::path& checkpoint_dir, ExportFormat format,
                            std::optional<TrainedModel>& model) {
  ExportResult result;
  result.report.format = format;
  Result<TrainedModel> loaded = load_trained_model(checkpoint_dir);
  if (!loaded) return failed(std::move(result), loaded.error(), true);
  model = std::move(loaded).value();
  result.report = ExportCompatibility::check(model->graph, model->analysis, format);
  if (!result.report.ok()) {
    std::string message = "cannot export to " + std::string(export_format_name(format)) + ":";
    for (const Error& refusal : result.report.refusals) {
      message +=
          "\n  " + (refusal.block_id.empty() ? "graph" : refusal.block_id) + ": " + refusal.message;
    }
    return failed(std::move(result), Error::in_file(checkpoint_dir.string(), message), true);
  }
  return result;
}

}  // namespace

fs::path export_companion_file(const fs::path& out, ExportFormat format) {
  if (format == ExportFormat::Safetensors) return fs::path(out).replace_extension(".json");
  if (format == ExportFormat::Python) return fs::path(out).replace_extension(".safetensors");
  return {};
}

ExportResult check_checkpoint_export(const fs::path& checkpoint_dir, ExportFormat format) {
  std::optional<TrainedModel> model;
  return load_and_check(checkpoint_dir, format, model);
}

namespace {

// Checks `model` against `format` and writes it to `out` (and its companion).
ExportResult check_and_write(Result<TrainedModel> loaded, const fs::path& source,
                             ExportFormat format, const fs::path& out, const std::string& python,
                             const std::string& device) {
  ExportResult result;
  result.report.format = format;
  if (!loaded) return failed(std::move(result), loaded.error(), true);
  const TrainedModel& model = loaded.value();
  result.report = ExportCompatibility::check(model.graph, model.analysis, format);
  if (!result.report.ok()) {
    std::string message = "cannot export to " + std::string(export_format_name(format)) + ":";
    for (const Error& refusal : result.report.refusals) {
      message +=
          "\n  " + (refusal.block_id.empty() ? "graph" : refusal.block_id) + ": " + refusal.message;
    }
    return failed(std::move(result), Error::in_file(source.string(), message), true);
  }
  std::error_code ec;
  if (out.has_parent_path() && !fs::exists(out.parent_path(), ec)) {
    return failed(std::move(result),
                  Error::in_file(out.parent_path().string(), "the folder does not exist"), true);
  }

  const fs::path companion = export_companion_file(out, format);
  if (companion == out) {
    return failed(
        std::move(result),
        Error::in_file(out.string(), "the main file would overwrite its companion " +
                                         companion.filename().string() + "; end it with " +
                                         std::string(export_format_extension(format))),
        true);
  }
  std::optional<Error> error;
  try {
    switch (format) {
      case ExportFormat::TorchScript:
        error = TorchScriptExport::write(model, out);
        break;
      case ExportFormat::Onnx:
        error = OnnxExport::write(model, out);
        break;
      case ExportFormat::Safetensors:
        error = NativeExport::write(model, out, companion);
        break;
      case ExportFormat::Python:
        error = PythonExport::write(model, out, companion);
        break;
      case ExportFormat::Pt2:
      case ExportFormat::Pt2Aoti:
        error = Pt2Export::write(model, out, format, python, device);
        break;
    }
  } catch (const std::exception& exception) {
    error = Error::in_file(out.string(), exception.what());
  }
  // No Python with a fitting torch is the user's to fix, as a bad path is.
  if (error) return failed(std::move(result), *error, error->field == "python");
  result.files.push_back(out.string());
  if (!companion.empty()) result.files.push_back(companion.string());
  return result;
}

}  // namespace

ExportResult export_checkpoint(const fs::path& checkpoint_dir, ExportFormat format,
                               const fs::path& out, const std::string& python,
                               const std::string& device) {
  return check_and_write(load_trained_model(checkpoint_dir), checkpoint_dir, format, out, python,
                         device);
}

ExportResult export_project(const fs::path& project_file, ExportFormat format, const fs::path& out,
                            const std::string& python, const std::string& device) {
  return check_and_write(load_project_model(project_file), project_file, format, out, python,
                         device);
}

}  // namespace convstudio
