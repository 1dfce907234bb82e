#include "tuning_setup.h"

#include "amp_choice.h"
#include "checkpoint/start_weights.h"
#include "convstudio/data/dataset_request.h"
#include "convstudio/model/input_output_blocks.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/task_check.h"
#include "device_selection.h"
#include "io/safetensors_io.h"
#include "optimizer_factory.h"

namespace convstudio {
namespace {

std::optional<Error> load_data(const TuningRequest& request, TuningSetup& setup) {
  const Project& project = *request.project;
  const TrainingSettings& settings = project.training;
  const TensorShape input = setup.analysis.input_shape;
  const DatasetObserver observer = [&](const DatasetProgress&) {
    return !(request.cancelled && request.cancelled());
  };
  Result<Dataset> loaded = load_dataset(
      dataset_request(project.dataset, static_cast<std::uint64_t>(settings.seed),
                      static_cast<int>(input.channels()), static_cast<int>(input.height()),
                      static_cast<int>(input.width())),
      observer);
  if (!loaded) return loaded.error();
  setup.dataset = std::move(loaded).value();
  const std::int64_t classes = setup.analysis.output_shape().channels();
  const auto dataset_classes = static_cast<std::int64_t>(setup.dataset.info.class_names.size());
  if (dataset_classes != classes) {
    for (const BlockAnalysis& block : setup.analysis.blocks) {
      if (block.type != kOutputBlockType) continue;
      return Error::in_block(block.id, std::string(kOutputBlockType), "params.classes",
                             "Output: " + std::to_string(classes) +
                                 " classes, but the dataset has " +
                                 std::to_string(dataset_classes));
    }
  }
  BatchLoaderOptions options;
  options.batch_size = settings.batch_size;
  // A set held in memory without augmentation is batched on this thread, as a run does.
  options.augmentation = augmentation_options(project.dataset.augmentation);
  const bool in_memory = !setup.device.is_cuda() && setup.dataset.train->held_in_memory();
  options.workers =
      in_memory && !options.augmentation.enabled() ? 0 : static_cast<int>(settings.loader_workers);
  options.seed = static_cast<std::uint64_t>(settings.seed);
  options.pin_memory = setup.device.is_cuda();
  if (project.dataset.normalize) {
    options.mean = setup.dataset.info.normalisation.mean;
    options.std = setup.dataset.info.normalisation.std;
  }
  setup.loader = std::make_unique<BatchLoader>(setup.dataset.train, options);
  return std::nullopt;
}

}  // namespace

std::string device_text(const torch::Device& device) {
  return device.is_cuda() ? "cuda:" + std::to_string(device.has_index() ? device.index() : 0)
                          : "cpu";
}

std::optional<Error> prepare_tuning(const TuningRequest& request, TuningSetup& setup) {
  const Project& project = *request.project;
  const TrainingSettings& settings = project.training;
  const DeviceSelection selection = select_device(settings.device);
  if (selection.error) return selection.error;
  setup.device = selection.device;
  setup.device_name = device_text(setup.device);
  setup.amp = resolve_amp(settings.amp, setup.device).mode;
  torch::manual_seed(static_cast<std::uint64_t>(settings.seed));

  setup.analysis = analyse_project(project);
  if (!setup.analysis.ok()) {
    Error first = setup.analysis.errors.front();
    first.message = "the model has " + std::to_string(setup.analysis.errors.size()) +
                    " problem(s); first: " + first.message;
    return first;
  }
  if (request.with_data) {
    if (std::optional<Error> problem = load_data(request, setup)) return problem;
  }
  setup.model.emplace(project.graph, setup.analysis);
  if (!request.start_weights.empty()) {
    Result<SafetensorsContent> content = read_safetensors(request.start_weights);
    if (!content) return content.error();
    Result<StartWeightsReport> applied = apply_start_weights(
        **setup.model, project.graph, content.value().tensors, request.start_weights);
    if (!applied) return applied.error();
  }
  (*setup.model)->to(setup.device);
  setup.channels_last = memory_format_rule(settings.memory_format, setup.device.is_cuda(),
                                           setup.amp, setup.analysis.convolution_work())
                            .channels_last;
  (*setup.model)->set_channels_last(setup.channels_last);
  setup.optimizer = make_optimizer(settings, (*setup.model)->trainable_parameters());
  return std::nullopt;
}

}  // namespace convstudio
