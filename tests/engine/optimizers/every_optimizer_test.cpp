// Walks the optimizer registry (engine/src/optimizers/optimizers.def): every optimizer has both
// halves, a name the project file and the CLI round-trip, editor texts, settings that exist and
// that it really reads, state bytes that match what LibTorch keeps, and a checkpoint state that
// resumes a run exactly. A new optimizer's home is tested here without a line of its own.

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "checkpoint/optimizer_state.h"
#include "convstudio/model/memory_estimator.h"
#include "convstudio/model/optimizer_spec.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/setting_table.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"
#include "optimizers/optimizer_torch.h"
#include "train/optimizer_factory.h"

namespace convstudio {
namespace {

std::vector<OptimizerKind> every_kind() {
  std::vector<OptimizerKind> kinds;
  for (const OptimizerSpec& spec : optimizer_specs()) kinds.push_back(spec.kind);
  return kinds;
}

// Settings under which every setting an optimizer may read makes a difference.
TrainingSettings settings_for(OptimizerKind kind) {
  TrainingSettings settings;
  settings.optimizer.kind = kind;
  settings.optimizer.lr = 0.01;
  settings.optimizer.momentum = 0.9;
  settings.optimizer.nesterov = optimizer_spec(kind).uses("nesterov");
  settings.optimizer.weight_decay = 0.05;
  return settings;
}

// Small, with weights of several shapes and a bias.
struct TinyNetImpl : torch::nn::Module {
  TinyNetImpl()
      : conv(register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 3, 3)))),
        fc(register_module("fc", torch::nn::Linear(3 * 4 * 4, 4))) {}
  torch::Tensor forward(torch::Tensor x) { return fc(torch::relu(conv(x)).flatten(1)); }
  torch::nn::Conv2d conv;
  torch::nn::Linear fc;
};
TORCH_MODULE(TinyNet);

void train(TinyNet& model, torch::optim::Optimizer& optimizer, int from, int to) {
  for (int step = from; step < to; ++step) {
    torch::manual_seed(100 + step);  // the same batch for step N in every run
    const torch::Tensor images = torch::randn({8, 1, 6, 6});
    const torch::Tensor labels = torch::randint(0, 4, {8}, torch::kLong);
    optimizer.zero_grad();
    torch::nn::functional::cross_entropy(model->forward(images), labels).backward();
    optimizer.step();
  }
}

// A model with the same weights as `model`, as resuming from its checkpoint gives.
TinyNet copy_of(TinyNet& model) {
  TinyNet copy;
  torch::NoGradGuard no_grad;
  const auto from = model->parameters();
  const auto to = copy->parameters();
  for (std::size_t i = 0; i < from.size(); ++i) to[i].copy_(from[i]);
  return copy;
}

void expect_same_weights(TinyNet& expected, TinyNet& actual, const std::string& what) {
  const auto a = expected->parameters();
  const auto b = actual->parameters();
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_TRUE(torch::equal(a[i], b[i])) << what << ": parameter " << i << " differs";
  }
}

class EveryOptimizer : public ::testing::TestWithParam<OptimizerKind> {
 protected:
  const OptimizerSpec& spec() const { return optimizer_spec(GetParam()); }
};

TEST_P(EveryOptimizer, HasBothHalvesAndTheTextsTheEditorShows) {
  EXPECT_FALSE(spec().name.empty());
  EXPECT_STRNE(spec().label, "");
  EXPECT_STRNE(spec().tooltip, "");
  EXPECT_NE(spec().state_bytes_per_parameter, nullptr);
  const OptimizerTorch& half = optimizer_torch(GetParam());
  EXPECT_NE(half.make, nullptr);
  EXPECT_NE(half.is_instance, nullptr);
  EXPECT_NE(half.save_state, nullptr);
  EXPECT_NE(half.load_state, nullptr);
  for (std::string_view setting : spec().settings) {
    EXPECT_NE(find_training_setting(setting), nullptr) << spec().name << " reads " << setting;
  }
}

TEST_P(EveryOptimizer, NameRoundTripsThroughTheProjectFileAndTheCliFlag) {
  EXPECT_EQ(to_string(GetParam()), spec().name);
  EXPECT_EQ(parse_optimizer_kind(spec().name), GetParam());
  EXPECT_EQ(find_optimizer_spec(spec().name), &spec());

  Project project;
  project.training.optimizer.kind = GetParam();
  const std::string text = ProjectFile::serialize(project);
  EXPECT_NE(text.find("\"optimizer\": \"" + std::string(spec().name) + "\""), std::string::npos);
  const ProjectLoadResult loaded = ProjectFile::parse(text);
  ASSERT_TRUE(loaded.ok()) << loaded.errors.front().describe();
  EXPECT_EQ(loaded.project->training.optimizer.kind, GetParam());

  TrainingSettings settings;
  const TrainingSetting* flag = find_training_flag("--optimizer");
  ASSERT_NE(flag, nullptr);
  EXPECT_FALSE(set_from_text(settings, *flag, spec().name).has_value());
  EXPECT_EQ(settings.optimizer.kind, GetParam());
}

TEST_P(EveryOptimizer, BuildsTheOptimizerItNamesFromTheRunSettings) {
  TinyNet model;
  auto optimizer = make_optimizer(settings_for(GetParam()), model->parameters());
  ASSERT_NE(optimizer, nullptr);
  const OptimizerSpec* built = spec_of(*optimizer);
  ASSERT_NE(built, nullptr);
  EXPECT_EQ(built->name, spec().name);
  EXPECT_DOUBLE_EQ(optimizer->param_groups()[0].options().get_lr(), 0.01);
}

// Each setting the optimizer says it reads changes its steps; the others leave them alone (the
// editor greys those out and the settings check warns about them).
TEST_P(EveryOptimizer, ReadsExactlyTheSettingsItNames) {
  auto weights_after = [](const TrainingSettings& settings) {
    torch::manual_seed(1);
    TinyNet model;
    auto optimizer = make_optimizer(settings, model->parameters());
    train(model, *optimizer, 0, 3);
    return model->fc->weight.clone();
  };
  const TrainingSettings base = settings_for(GetParam());
  const torch::Tensor reference = weights_after(base);
  auto changed = [&](const std::string& key, auto change) {
    TrainingSettings other = base;
    change(other);
    return !torch::equal(weights_after(other), reference);
  };
  EXPECT_EQ(changed("momentum", [](TrainingSettings& s) { s.optimizer.momentum = 0.5; }),
            spec().uses("momentum"));
  EXPECT_EQ(changed("nesterov",
                    [](TrainingSettings& s) { s.optimizer.nesterov = !s.optimizer.nesterov; }),
            spec().uses("nesterov"));
  EXPECT_EQ(changed("weight_decay", [](TrainingSettings& s) { s.optimizer.weight_decay = 0.2; }),
            spec().uses("weight_decay"));
}

// The memory estimate's state bytes per parameter are what LibTorch really keeps, with and
// without momentum, and the estimate counts them for every parameter of the model.
TEST_P(EveryOptimizer, StateBytesPerParameterMatchLibTorchAndTheMemoryEstimate) {
  for (double momentum : {0.0, 0.9}) {
    TrainingSettings settings = settings_for(GetParam());
    settings.optimizer.momentum = momentum;
    settings.optimizer.nesterov = settings.optimizer.nesterov && momentum > 0;
    torch::manual_seed(1);
    TinyNet model;
    auto optimizer = make_optimizer(settings, model->parameters());
    train(model, *optimizer, 0, 2);
    std::int64_t state_bytes = 0, parameters = 0;
    for (const torch::Tensor& parameter : model->parameters()) parameters += parameter.numel();
    for (const auto& [key, state] : optimizer->state()) {
      // The tensors only: a step count is not a buffer of the parameter's size.
      const SavedParamState saved = optimizer_torch(GetParam()).save_state(*state);
      for (const auto& [name, tensor] : saved.tensors) {
        state_bytes += tensor.numel() * tensor.element_size();
      }
    }
    EXPECT_EQ(state_bytes, parameters * spec().state_bytes_per_parameter(settings.optimizer))
        << "momentum " << momentum;

    const Graph graph =
        *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
    const ModelAnalysis analysis = ShapeInference::run(graph);
    ASSERT_TRUE(analysis.ok());
    const MemoryEstimate estimate = MemoryEstimator::estimate(graph, analysis, settings);
    EXPECT_EQ(estimate.optimizer_state_bytes,
              analysis.total_params() * spec().state_bytes_per_parameter(settings.optimizer));
  }
}

// Train, checkpoint the optimizer, train on; a second run resumed from the checkpoint takes
// exactly the same steps, and its state saves to the same bytes.
TEST_P(EveryOptimizer, ResumedFromItsCheckpointStateMatchesAnUninterruptedRun) {
  const TrainingSettings settings = settings_for(GetParam());
  torch::manual_seed(1);
  TinyNet original;
  auto original_optimizer = make_optimizer(settings, original->parameters());
  train(original, *original_optimizer, 0, 3);
  TinyNet resumed = copy_of(original);
  const std::string saved = save_optimizer_state(*original_optimizer);
  train(original, *original_optimizer, 3, 6);

  auto resumed_optimizer = make_optimizer(settings, resumed->parameters());
  const auto error = load_optimizer_state(*resumed_optimizer, saved, "optimizer.safetensors");
  ASSERT_FALSE(error.has_value()) << error->describe();
  EXPECT_EQ(save_optimizer_state(*resumed_optimizer), saved);
  train(resumed, *resumed_optimizer, 3, 6);
  expect_same_weights(original, resumed, std::string(spec().name));
}

// Another optimizer's state is refused with the names of both, and leaves the state alone.
TEST_P(EveryOptimizer, RefusesTheStateOfAnotherOptimizer) {
  for (const OptimizerSpec& other : optimizer_specs()) {
    if (other.kind == GetParam()) continue;
    TinyNet model;
    auto saver = make_optimizer(settings_for(other.kind), model->parameters());
    train(model, *saver, 0, 1);
    auto optimizer = make_optimizer(settings_for(GetParam()), model->parameters());
    const auto error = load_optimizer_state(*optimizer, save_optimizer_state(*saver), "file");
    ASSERT_TRUE(error.has_value()) << other.name;
    EXPECT_NE(error->message.find("it holds the state of " + std::string(other.name) +
                                  ", the run uses " + std::string(spec().name)),
              std::string::npos)
        << error->describe();
    EXPECT_TRUE(optimizer->state().empty());
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, EveryOptimizer, ::testing::ValuesIn(every_kind()),
                         [](const ::testing::TestParamInfo<OptimizerKind>& tested) {
                           return std::string(optimizer_spec(tested.param).name);
                         });

TEST(OptimizerRegistry, KindsArePositionsAndTheSettingTableOffersEveryName) {
  const std::vector<OptimizerSpec>& specs = optimizer_specs();
  ASSERT_GE(specs.size(), 3u);
  EXPECT_EQ(specs[0].kind, OptimizerKind::Sgd);
  EXPECT_EQ(specs[1].kind, OptimizerKind::Adam);
  EXPECT_EQ(specs[2].kind, OptimizerKind::AdamW);
  const TrainingSetting* setting = find_training_setting("optimizer");
  ASSERT_NE(setting, nullptr);
  ASSERT_EQ(setting->names.size(), specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    EXPECT_EQ(setting->names[i], specs[i].name);
    EXPECT_EQ(static_cast<std::size_t>(specs[i].kind), i);
  }
  EXPECT_EQ(find_optimizer_spec("lion"), nullptr);
  EXPECT_FALSE(parse_optimizer_kind("lion").has_value());
}

}  // namespace
}  // namespace convstudio
