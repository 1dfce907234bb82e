#include "convstudio/import/onnx_import.h"

#include "convstudio/model/graph_layout.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"
#include "import/onnx_file_reader.h"
#include "import/onnx_graph_mapper.h"
#include "import/onnx_import_internal.h"
#include "import/onnx_mapping_context.h"
#include "import/stored_weight_sizes.h"
#include "io/safetensors_io.h"
#include "nn/graph_module.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using onnx_import::MappedModel;

struct CheckedImport {
  OnnxImportResult result;
  onnx_import::MappedModel mapped;
};

// A block's problem, told as the ONNX node it came from.
Error at_node(const Error& error, const MappedModel& mapped) {
  auto it = mapped.node_of_block.find(error.block_id);
  if (it == mapped.node_of_block.end()) return error;
  const Block* block = mapped.graph.find_block(error.block_id);
  return Error::in_block(it->second, block ? block->type : error.block_type, error.field,
                         error.message);
}

CheckedImport check_unguarded(const fs::path& model, const ImportProgress& progress) {
  CheckedImport out;
  OnnxImportResult& result = out.result;
  auto report = [&](double fraction, const char* step) {
    if (progress) progress(fraction, step);
  };
  report(0.0, "reading the model");
  Result<onnx_import::OnnxModelView> view = onnx_import::read_onnx_file(model);
  if (!view) {
    result.errors.push_back(view.error());
    return out;
  }
  result.opset = view.value().opset;
  result.producer = view.value().producer;
  report(0.4, "mapping the nodes onto blocks");
  out.mapped = onnx_import::map_onnx_graph(view.value());
  MappedModel& mapped = out.mapped;
  for (Error error : mapped.refusals) {
    if (error.file.empty()) error.file = model.string();
    result.errors.push_back(std::move(error));
  }
  if (!result.errors.empty()) return out;

  report(0.6, "checking shapes and weights");
  const ModelAnalysis analysis = ShapeInference::run(mapped.graph);
  for (const Error& error : analysis.errors) result.errors.push_back(at_node(error, mapped));
  if (!result.errors.empty()) return out;
  for (const auto& [id, features] : mapped.flatten_features) {
    const std::int64_t inferred = analysis.find(id)->output_shape.element_count();
    if (inferred != features) {
      result.errors.push_back(
          Error::in_block(mapped.node_of_block[id], "Reshape", "",
                          "reshapes " + std::to_string(inferred) + " values per sample to " +
                              std::to_string(features) + " features; only a flatten is supported"));
    }
  }
  if (!result.errors.empty()) return out;
  if (!mapped.pass_through_output.empty()) {
    // The classes a pass-through Output reports are the channels of the tensor it passes on.
    mapped.graph.set_param(mapped.pass_through_output, "classes",
                           analysis.find(mapped.pass_through_output)->output_shape.channels());
  }
  result.errors = onnx_import::check_stored_weight_sizes(mapped, analysis);
  if (!result.errors.empty()) return out;
  GraphModule module(mapped.graph, analysis);
  if (auto error = apply_named_tensors(*module, mapped.tensors, model.string())) {
    result.errors.push_back(*error);
    return out;
  }
  result.parameter_count = module->parameter_count();
  lay_out_graph(mapped.graph);
  result.project.graph = mapped.graph;
  // Per-pixel logits at the input's size make a segmentation project (issue 38).
  const TensorShape output = analysis.output_shape();
  if (output.is_image() && output.height() == analysis.input_shape.height() &&
      output.width() == analysis.input_shape.width()) {
    result.project.task = ProjectTask::Segmentation;
  }
  report(0.8, "checked");
  return out;
}

// Every check above runs before LibTorch allocates; should LibTorch still throw on a stranger's
// file, the user reads its message as one refusal (exit 2), not a C++ backtrace.
CheckedImport check(const fs::path& model, const ImportProgress& progress) {
  try {
    return check_unguarded(model, progress);
  } catch (const std::exception& error) {
    CheckedImport out;
    out.result.errors.push_back(
        Error::in_file(model.string(), "cannot be imported: " + onnx_import::torch_message(error)));
    return out;
  }
}

}  // namespace

std::string OnnxImportResult::describe_errors() const {
  std::string text;
  for (const Error& error : errors) {
    Error shown = error;
    if (!shown.block_id.empty()) shown.file.clear();  // the node names the place
    text += shown.describe() + "\n";
  }
  return text;
}

OnnxImportResult check_onnx_import(const fs::path& model, const ImportProgress& progress) {
  return check(model, progress).result;
}

OnnxImportResult import_onnx_model(const fs::path& model, const fs::path& project_file,
                                   const ImportProgress& progress) {
  CheckedImport checked = check(model, progress);
  OnnxImportResult& result = checked.result;
  if (!result.ok()) return result;
  const fs::path weights = ProjectFile::default_weights_file(project_file);
  result.project.weights = weights.filename().string();
  // Matches the model's input, so the dataset step starts from what the model expects.
  if (progress) progress(0.9, "writing the project");
  SafetensorsContent content;
  content.tensors = checked.mapped.tensors;
  content.metadata["source"] = model.filename().string();
  if (auto error = write_safetensors(weights, content)) {
    result.errors.push_back(*error);
    return result;
  }
  if (auto error = ProjectFile::save(result.project, project_file)) {
    std::error_code ignored;
    fs::remove(weights, ignored);
    result.errors.push_back(*error);
    return result;
  }
  result.files = {project_file.string(), weights.string()};
  if (progress) progress(1.0, "done");
  return result;
}

namespace onnx_import {

Result<NamedTensors> onnx_model_weights(const fs::path& model) {
  CheckedImport checked = check(model, {});
  if (!checked.result.ok()) {
    Error error = checked.result.errors.front();
    if (checked.result.errors.size() > 1) {
      error = Error::in_file(model.string(),
                             "cannot be imported:\n" + checked.result.describe_errors());
    }
    return error;
  }
  return std::move(checked.mapped.tensors);
}

}  // namespace onnx_import

}  // namespace convstudio
