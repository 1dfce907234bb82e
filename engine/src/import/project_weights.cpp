#include "convstudio/import/project_weights.h"

#include "checkpoint/start_weights.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"
#include "import/onnx_import_internal.h"
#include "io/safetensors_io.h"
#include "nn/graph_module.h"
#include "runs/checkpoint_files.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

Result<NamedTensors> read_source(const fs::path& source) {
  if (fs::is_directory(source)) {
    Result<SafetensorsContent> content = read_safetensors(source / kCheckpointModelFile);
    if (!content) return content.error();
    return std::move(content.value().tensors);
  }
  if (source.extension() == ".onnx") return onnx_import::onnx_model_weights(source);
  Result<SafetensorsContent> content = read_safetensors(source);
  if (!content) return content.error();
  return std::move(content.value().tensors);
}

}  // namespace

ProjectWeightsResult set_project_weights(const fs::path& project_file, const fs::path& source) {
  ProjectWeightsResult result;
  ProjectLoadResult loaded = ProjectFile::load(project_file);
  if (!loaded.ok()) {
    result.error = loaded.errors.front();
    return result;
  }
  Project project = std::move(*loaded.project);
  const ModelAnalysis analysis = ShapeInference::run(project.graph);
  if (!analysis.ok()) {
    result.error = analysis.errors.front();
    return result;
  }
  Result<NamedTensors> tensors = read_source(source);
  if (!tensors) {
    result.error = tensors.error();
    return result;
  }
  GraphModule module(project.graph, analysis);
  Result<StartWeightsReport> applied =
      apply_start_weights(*module, project.graph, tensors.value(), source.string());
  if (!applied) {
    result.error = applied.error();
    return result;
  }
  const fs::path weights = ProjectFile::default_weights_file(project_file);
  SafetensorsContent content;
  content.tensors = extract_named_tensors(*module);
  content.metadata["source"] = source.filename().string();
  if (auto error = write_safetensors(weights, content)) {
    result.error = *error;
    return result;
  }
  project.weights = weights.filename().string();
  if (auto error = ProjectFile::save(project, project_file)) {
    result.error = *error;
    return result;
  }
  result.copied = applied.value().copied;
  result.reinitialised = applied.value().reinitialised;
  result.not_in_file = applied.value().not_in_file;
  result.weights_file = weights.string();
  return result;
}

}  // namespace convstudio
