#include "export/trained_model.h"

#include <new>
#include <stdexcept>

#include "checkpoint/checkpoint_store.h"
#include "convstudio/model/input_output_blocks.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"
#include "io/safetensors_io.h"
#include "nn/graph_module.h"
#include "nn/graph_tensors.h"

namespace convstudio {
namespace {

// The channel order training used: grey for one channel, RGB (converted from OpenCV's BGR) for
// three (see fit_image).
std::string channel_order(std::int64_t channels) {
  if (channels == 1) return "grey";
  if (channels == 3) return "RGB";
  return std::to_string(channels) + " channels";
}

// The module only proves the tensors load; its allocation (the size of the file's tensors) can
// still fail, which is said as the file's problem rather than thrown.
std::optional<Error> build_and_load(const Graph& graph, const ModelAnalysis& analysis,
                                    const NamedTensors& tensors, const std::string& source) {
  try {
    GraphModule module(graph, analysis);
    return apply_named_tensors(*module, tensors, source);
  } catch (const std::bad_alloc&) {
    return Error::in_file(source, "not enough memory to build its model");
  } catch (const c10::Error& error) {
    const std::string message = error.what_without_backtrace();
    return Error::in_file(source,
                          "cannot build its model: " + message.substr(0, message.find('\n')));
  }
}

}  // namespace

const torch::Tensor& TrainedModel::tensor(const std::string& block_id,
                                          const std::string& name) const {
  auto it = tensors.find(block_id + "." + name);
  if (it == tensors.end()) throw std::out_of_range("no tensor " + block_id + "." + name);
  return it->second;
}

bool TrainedModel::has(const std::string& block_id, const std::string& name) const {
  return tensors.count(block_id + "." + name) > 0;
}

Result<TrainedModel> make_trained_model(Graph graph, NamedTensors tensors,
                                        PreprocessingContract contract, const std::string& source) {
  TrainedModel model;
  std::optional<TensorShape> input;
  if (contract.input.is_image()) input = contract.input;
  model.analysis = ShapeInference::run(graph, input);
  if (!model.analysis.ok()) {
    return Error::in_file(source, "its graph: " + model.analysis.errors.front().message);
  }
  contract.input = model.analysis.input_shape;
  if (contract.channel_order.empty())
    contract.channel_order = channel_order(contract.input.channels());
  for (const Block& block : graph.blocks()) {
    if (block.type == kOutputBlockType) contract.softmax = block.bool_param("softmax");
  }
  // Every name and shape first, from shape inference alone: a graph edited to a huge input is
  // refused at the tensor that does not fit, before a module of that size is allocated.
  if (auto error = check_graph_tensors(graph, model.analysis, tensor_shapes(tensors), source)) {
    return *error;
  }
  // Building the module and loading the tensors proves the dtypes fit too.
  if (auto error = build_and_load(graph, model.analysis, tensors, source)) return *error;
  const std::int64_t classes = model.analysis.output_shape().channels();
  if (!contract.class_names.empty() &&
      static_cast<std::int64_t>(contract.class_names.size()) != classes) {
    return Error::in_file(source, std::to_string(contract.class_names.size()) +
                                      " class names for a model with " + std::to_string(classes) +
                                      " classes");
  }
  for (auto& [name, tensor] : tensors) tensor = tensor.to(torch::kCPU).contiguous();
  model.graph = std::move(graph);
  model.tensors = std::move(tensors);
  model.contract = std::move(contract);
  return model;
}

Result<TrainedModel> load_trained_model(const std::filesystem::path& checkpoint_dir) {
  Result<CheckpointData> checkpoint = load_checkpoint(checkpoint_dir);
  if (!checkpoint) return checkpoint.error();
  const nlohmann::json& config = checkpoint.value().state.config;
  const std::string source = (checkpoint_dir / kCheckpointStateFile).string();
  if (!config.contains("project")) {
    return Error::in_file(source, "holds no project (config.project)");
  }
  const nlohmann::json& project_json = config["project"];
  ProjectLoadResult project = ProjectFile::parse(
      project_json.is_string() ? project_json.get<std::string>() : project_json.dump());
  if (!project.ok()) {
    return checkpoint_project_error(project.errors.front(), checkpoint_dir);
  }
  PreprocessingContract contract;
  // Checkpoints from before fit modes existed stretched every image; their project has no fit.
  const nlohmann::json document =
      project_json.is_string()
          ? nlohmann::json::parse(project_json.get<std::string>(), nullptr, false)
          : project_json;
  const bool has_fit = document.is_object() && document.contains("dataset") &&
                       document.at("dataset").is_object() && document.at("dataset").contains("fit");
  contract.fit = has_fit ? project.project->dataset.fit : FitMode::Stretch;
  contract.task = project.project->task;
  try {
    if (config.contains("input_shape")) {
      contract.input.dims = config["input_shape"].get<std::vector<std::int64_t>>();
    }
    if (config.contains("mean")) contract.mean = config["mean"].get<std::vector<float>>();
    if (config.contains("std")) contract.std = config["std"].get<std::vector<float>>();
    if (config.contains("class_names")) {
      contract.class_names = config["class_names"].get<std::vector<std::string>>();
    }
    // Segmentation data sets may name their classes' colours; predict and the overlay use them.
    if (config.contains("class_colours")) {
      contract.class_colours = config["class_colours"].get<std::vector<ClassColour>>();
    }
  } catch (const nlohmann::json::exception& error) {
    return Error::in_file(source, std::string("config: ") + error.what());
  }
  return make_trained_model(std::move(project.project->graph), std::move(checkpoint.value().model),
                            std::move(contract), checkpoint_dir.string());
}

Result<TrainedModel> load_project_model(const std::filesystem::path& project_file) {
  ProjectLoadResult loaded = ProjectFile::load(project_file);
  if (!loaded.ok()) return loaded.errors.front();
  const Project& project = *loaded.project;
  if (project.weights.empty()) {
    return Error::in_file(project_file.string(),
                          "the project has no weights yet: import a model, set its starting "
                          "weights from a file, or train it and export the checkpoint");
  }
  const std::filesystem::path weights = ProjectFile::weights_file(project, project_file);
  Result<SafetensorsContent> content = read_safetensors(weights);
  if (!content) return content.error();
  PreprocessingContract contract;
  contract.fit = project.dataset.fit;
  contract.task = project.task;
  return make_trained_model(project.graph, std::move(content.value().tensors), std::move(contract),
                            weights.string());
}

}  // namespace convstudio
