#include "trained_model_factory.h"

#include <stdexcept>

#include "checkpoint/checkpoint_store.h"
#include "checkpoint/optimizer_state.h"
#include "convstudio/model/graph_json.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"
#include "nn/graph_module.h"

namespace convstudio::testing {

TrainedModel random_trained_model(const Graph& graph, const TensorShape& input,
                                  std::uint64_t seed) {
  const ModelAnalysis analysis = ShapeInference::run(graph, input);
  if (!analysis.ok()) throw std::invalid_argument(analysis.errors.front().message);
  torch::manual_seed(seed);
  GraphModule module(graph, analysis);
  torch::NoGradGuard no_grad;
  for (auto& item : module->named_buffers()) {
    const std::string& name = item.key();
    torch::Tensor& buffer = item.value();
    if (name.ends_with("running_mean")) buffer.copy_(torch::randn_like(buffer) * 0.3);
    if (name.ends_with("running_var")) buffer.copy_(torch::rand_like(buffer) + 0.5);
    if (name.ends_with("num_batches_tracked")) buffer.fill_(42);
  }
  for (auto& item : module->named_parameters()) {
    // BatchNorm starts at weight 1, bias 0; training moves them, so should the test.
    if (item.key().find("bn") != std::string::npos) {
      item.value().copy_(torch::randn_like(item.value()) * 0.2 + 0.5);
    }
  }
  PreprocessingContract contract;
  contract.input = input;
  for (std::int64_t c = 0; c < input.channels(); ++c) {
    contract.mean.push_back(0.25f + 0.1f * static_cast<float>(c));
    contract.std.push_back(0.3f);
  }
  // A model with per-pixel logits is a segmentation model, as its project's task check demands.
  if (analysis.output_shape().is_image()) contract.task = ProjectTask::Segmentation;
  const std::int64_t classes = analysis.output_shape().channels();
  for (std::int64_t k = 0; k < classes; ++k)
    contract.class_names.push_back("class " + std::to_string(k));
  Result<TrainedModel> model =
      make_trained_model(graph, extract_named_tensors(*module), contract, "test");
  if (!model) throw std::runtime_error(model.error().describe());
  return std::move(model).value();
}

TrainedModel random_trained_model(const std::string& template_name, const TensorShape& input,
                                  std::uint64_t seed) {
  TemplateInstance instance = TemplateLibrary::instantiate(template_name, input, 10);
  if (!instance.graph) throw std::invalid_argument("template " + template_name);
  return random_trained_model(*instance.graph, input, seed);
}

torch::Tensor reference_logits(const TrainedModel& model, const torch::Tensor& input) {
  GraphModule module(model.graph, model.analysis);
  if (auto error = apply_named_tensors(*module, model.tensors, "test")) {
    throw std::runtime_error(error->describe());
  }
  module->eval();
  torch::NoGradGuard no_grad;
  return module->forward(input);
}

void save_as_checkpoint(const TrainedModel& model, const std::filesystem::path& dir) {
  GraphModule module(model.graph, model.analysis);
  if (auto error = apply_named_tensors(*module, model.tensors, "test")) {
    throw std::runtime_error(error->describe());
  }
  torch::optim::SGD optimizer(module->parameters(), torch::optim::SGDOptions(0.01));
  CheckpointState state;
  Project project;
  project.graph = model.graph;
  project.task = model.contract.task;
  project.dataset.fit = model.contract.fit;  // as training records the fit it used
  state.config = {{"project", nlohmann::json::parse(ProjectFile::serialize(project))},
                  {"input_shape", model.contract.input.dims},
                  {"class_names", model.contract.class_names},
                  {"mean", model.contract.mean},
                  {"std", model.contract.std}};
  if (!model.contract.class_colours.empty()) {
    state.config["class_colours"] = model.contract.class_colours;
  }
  if (auto error = save_checkpoint(dir, capture_checkpoint(*module, optimizer, state))) {
    throw std::runtime_error(error->describe());
  }
}

}  // namespace convstudio::testing
