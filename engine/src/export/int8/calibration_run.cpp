#include "export/int8/calibration_run.h"

#include "checkpoint/checkpoint_store.h"
#include "checkpoint/module_tensors.h"
#include "convstudio/data/dataset.h"
#include "convstudio/data/dataset_request.h"
#include "convstudio/model/project_file.h"
#include "export/onnx_value_name.h"
#include "nn/graph_module.h"

namespace convstudio {

Result<ProjectImages> load_project_images(const std::filesystem::path& checkpoint_dir,
                                          const TrainedModel& model) {
  Result<CheckpointData> checkpoint = load_checkpoint(checkpoint_dir);
  if (!checkpoint) return checkpoint.error();
  // load_trained_model has already checked that the project is there and parses.
  const nlohmann::json& stored = checkpoint.value().state.config["project"];
  ProjectLoadResult project =
      ProjectFile::parse(stored.is_string() ? stored.get<std::string>() : stored.dump());
  if (!project.ok()) return checkpoint_project_error(project.errors.front(), checkpoint_dir);
  const TensorShape& input = model.analysis.input_shape;
  const auto seed = static_cast<std::uint64_t>(project.project->training.seed);
  DatasetRequest request =
      dataset_request(project.project->dataset, seed, static_cast<int>(input.channels()),
                      static_cast<int>(input.height()), static_cast<int>(input.width()));
  request.compute_statistics = false;  // the checkpoint's own are used
  Result<Dataset> dataset = load_dataset(request);
  if (!dataset) return dataset.error();
  return ProjectImages{dataset.value().train, dataset.value().validation, seed};
}

BatchLoaderOptions evaluation_batches(const TrainedModel& model, std::int64_t batch_size) {
  BatchLoaderOptions options;
  options.batch_size = batch_size;
  options.shuffle = false;
  options.pin_memory = false;
  options.mean = model.contract.mean;
  options.std = model.contract.std;
  return options;
}

Calibration calibrate_activations(const TrainedModel& model, const ProjectImages& images,
                                  const Int8ExportOptions& options) {
  torch::NoGradGuard no_grad;
  GraphModule module(model.graph, model.analysis);
  if (auto error = apply_named_tensors(*module, model.tensors, "model")) {
    throw std::invalid_argument(error->describe());
  }
  module->eval();

  BatchLoaderOptions batches = evaluation_batches(model, 64);
  batches.shuffle = true;  // a sample of every class, not the first files of the first one
  batches.seed = images.seed;
  BatchLoader loader(images.train, batches);
  const std::int64_t wanted = std::min(options.calibration_images, loader.sample_count());

  std::map<std::string, std::string> value_of;  // block id -> ONNX value name
  for (const Block& block : model.graph.blocks()) value_of[block.id] = onnx_value_name(block);
  std::map<std::string, ActivationStatistics> statistics;
  Calibration result;

  for (int pass = 0; pass < 2; ++pass) {
    // Epoch 0 again: the same seeded order, so both passes see the same images.
    loader.start_epoch(0);
    std::int64_t seen = 0;
    while (seen < wanted) {
      std::optional<Batch> batch = loader.next();
      if (!batch) break;
      const std::int64_t rows = std::min(batch->images.size(0), wanted - seen);
      const auto outputs = module->forward_all(batch->images.narrow(0, 0, rows));
      for (const auto& [block_id, value] : outputs) {
        ActivationStatistics& tensor = statistics[value_of.at(block_id)];
        if (pass == 0) {
          tensor.observe_range(value);
        } else {
          tensor.observe_histogram(value);
        }
      }
      seen += rows;
      // min/max is one pass; the histogram methods take a second.
      const double passes = options.method == CalibrationMethod::MinMax ? 1 : 2;
      const double done = (pass + static_cast<double>(seen) / static_cast<double>(wanted)) / passes;
      if (options.progress && !options.progress(done)) {
        result.cancelled = true;
        return result;
      }
    }
    result.images = seen;
    // min/max needs no histogram.
    if (options.method == CalibrationMethod::MinMax) break;
  }
  for (const auto& [name, tensor] : statistics) {
    if (tensor.seen()) result.ranges[name] = tensor.range(options.method, options.percentile);
  }
  return result;
}

}  // namespace convstudio
