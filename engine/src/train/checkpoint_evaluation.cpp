#include "convstudio/train/checkpoint_evaluation.h"

#include "checkpoint/checkpoint_store.h"
#include "checkpoint/module_tensors.h"
#include "convstudio/data/dataset.h"
#include "convstudio/data/dataset_request.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"
#include "data/batch_loader.h"
#include "device_selection.h"
#include "evaluator.h"
#include "nn/graph_module.h"
#include "nn/graph_tensors.h"

namespace convstudio {
namespace {

CheckpointEvaluation input_error(CheckpointEvaluation result, Error error) {
  result.error = std::move(error);
  result.input_error = true;
  return result;
}

// In order, in batches of 256, normalised with the statistics the model was trained with (not
// ones of the data evaluated).
BatchLoaderOptions loader_options(const nlohmann::json& config, const torch::Device& device) {
  BatchLoaderOptions options;
  options.batch_size = 256;
  options.shuffle = false;
  options.pin_memory = device.is_cuda();
  if (config.contains("mean") && config.contains("std")) {
    options.mean = config["mean"].get<std::vector<float>>();
    options.std = config["std"].get<std::vector<float>>();
  }
  return options;
}

// Samples without a file (IDX data) carry their pixels, so a confusion-matrix cell's images can be
// shown and explained after the split is gone. Only those sets: their images are small and
// already in memory.
std::vector<EvaluatedSample> with_in_memory_pixels(const SampleSet& set,
                                                   std::vector<EvaluatedSample> samples) {
  if (!set.held_in_memory()) return samples;
  std::vector<std::uint8_t> scratch(set.image_bytes());
  for (EvaluatedSample& sample : samples) {
    const Result<const std::uint8_t*> pixels = set.fetch(sample.index, scratch.data());
    if (!pixels) continue;
    sample.image = {set.channels(), set.height(), set.width(),
                    std::vector<std::uint8_t>(pixels.value(), pixels.value() + set.image_bytes())};
  }
  return samples;
}

}  // namespace

CheckpointEvaluation evaluate_checkpoint(const std::string& checkpoint_dir,
                                         const std::string& data_path,
                                         const std::string& device_text) {
  CheckpointEvaluation result;
  Result<CheckpointData> checkpoint = load_checkpoint(checkpoint_dir);
  if (!checkpoint) return input_error(result, checkpoint.error());
  const nlohmann::json& config = checkpoint.value().state.config;
  const std::string state_file =
      (std::filesystem::path(checkpoint_dir) / kCheckpointStateFile).string();
  if (!config.contains("project")) {
    return input_error(result, Error::in_file(state_file, "holds no project (config.project)"));
  }
  ProjectLoadResult project = ProjectFile::parse(config["project"].dump());
  if (!project.ok()) {
    return input_error(result, checkpoint_project_error(project.errors.front(), checkpoint_dir));
  }
  const ModelAnalysis analysis = ShapeInference::run(project.project->graph);
  if (!analysis.ok()) {
    Error error = analysis.errors.front();
    error.file = state_file;
    error.message = "its graph: " + error.message;
    return input_error(result, std::move(error));
  }
  // The weights against the graph before anything of its size is made (the module, the data
  // at its input size): a graph edited to a huge input is refused here, not allocated.
  if (auto error = check_graph_tensors(project.project->graph, analysis,
                                       tensor_shapes(checkpoint.value().model), checkpoint_dir)) {
    return input_error(result, *error);
  }
  const DeviceSelection selection = select_device(device_text);
  if (selection.error) return input_error(result, *selection.error);
  result.device = selection.device.str();

  DatasetSettings data = project.project->dataset;
  if (!data_path.empty()) {
    data.path = data_path;
    data.source = guess_dataset_kind(data_path);
  }
  const TensorShape& input = analysis.input_shape;
  DatasetRequest request =
      dataset_request(data, static_cast<std::uint64_t>(project.project->training.seed),
                      static_cast<int>(input.channels()), static_cast<int>(input.height()),
                      static_cast<int>(input.width()));
  request.compute_statistics = false;  // the checkpoint's own are used below
  Result<Dataset> dataset = load_dataset(request);
  if (!dataset) return input_error(result, dataset.error());
  const std::int64_t classes = analysis.output_shape().channels();
  result.class_names = dataset.value().info.class_names;
  result.data_path = dataset.value().info.path;
  if (static_cast<std::int64_t>(result.class_names.size()) != classes) {
    return input_error(
        result, Error::in_file(result.data_path,
                               "the data has " + std::to_string(result.class_names.size()) +
                                   " classes but the model predicts " + std::to_string(classes)));
  }

  GraphModule model(project.project->graph, analysis);
  if (auto error = apply_named_tensors(*model, checkpoint.value().model, checkpoint_dir)) {
    return input_error(result, *error);
  }
  model->to(selection.device);
  BatchLoader loader(dataset.value().validation, loader_options(config, selection.device));
  const Evaluation evaluation =
      evaluate_model(model, loader, selection.device, project.project->training.amp, classes, {},
                     dataset.value().validation.get());
  result.loss = evaluation.loss;
  result.accuracy = evaluation.accuracy;
  result.samples = evaluation.samples;
  result.confusion = evaluation.confusion;
  result.sample_list = with_in_memory_pixels(*dataset.value().validation, evaluation.sample_list);
  return result;
}

}  // namespace convstudio
