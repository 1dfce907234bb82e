// The learning-rate finder: the range test leaves no trace on the model and optimizer, the
// suggestion rule, option checks, and the suggestion on lenet5 against the recipe's rate.

#include "convstudio/train/lr_finder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "checkpoint/optimizer_state.h"
#include "convstudio/model/optimizer_spec.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"
#include "tiny_dataset.h"
#include "train/lr_range_test.h"
#include "train/optimizer_factory.h"
#include "train/rng_state.h"

namespace convstudio {
namespace {

using testing::tiny_project;

// A batch of random 1×8×8 images in 4 classes.
Batch random_batch() {
  Batch batch;
  batch.images = torch::randn({8, 1, 8, 8});
  batch.labels = torch::randint(4, {8}, torch::kLong);
  return batch;
}

// The range test on `model` fed endless random batches.
RangeTestSubject random_data_subject(GraphModule& model, torch::optim::Optimizer& optimizer) {
  RangeTestSubject subject;
  subject.model = &model;
  subject.optimizer = &optimizer;
  subject.next_batch = [] { return std::optional<Batch>(random_batch()); };
  subject.restart = [] {};
  return subject;
}

void train_a_few_steps(GraphModule& model, torch::optim::Optimizer& optimizer) {
  for (int step = 0; step < 3; ++step) {
    optimizer.zero_grad();
    const Batch batch = random_batch();
    torch::nn::functional::cross_entropy(model->forward(batch.images), batch.labels).backward();
    optimizer.step();
  }
}

std::map<std::string, torch::Tensor> cloned_tensors(const GraphModule& model) {
  std::map<std::string, torch::Tensor> tensors;
  for (const auto& item : model->named_parameters()) tensors[item.key()] = item.value().clone();
  for (const auto& item : model->named_buffers()) tensors[item.key()] = item.value().clone();
  return tensors;
}

void expect_bitwise_equal(const std::map<std::string, torch::Tensor>& before,
                          const GraphModule& model) {
  const auto after = cloned_tensors(model);
  ASSERT_EQ(before.size(), after.size());
  for (const auto& [name, tensor] : before) {
    // torch::equal compares values; the raw bytes also catch -0.0 against 0.0 and NaN payloads.
    ASSERT_EQ(tensor.numel(), after.at(name).numel()) << name;
    EXPECT_EQ(std::memcmp(tensor.contiguous().data_ptr(), after.at(name).contiguous().data_ptr(),
                          static_cast<std::size_t>(tensor.numel() * tensor.element_size())),
              0)
        << name;
  }
}

class RangeTestRestores : public ::testing::TestWithParam<OptimizerKind> {};

TEST_P(RangeTestRestores, WeightsOptimizerStateAndLearningRateBitwise) {
  Project project = tiny_project("unused", 4, 8);
  project.training.optimizer = GetParam();
  project.training.lr = 0.01;
  const ModelAnalysis analysis = ShapeInference::run(project.graph);
  ASSERT_TRUE(analysis.ok());
  torch::manual_seed(3);
  GraphModule model(project.graph, analysis);
  auto optimizer = make_optimizer(project.training, model->trainable_parameters());
  train_a_few_steps(model, *optimizer);  // the optimizer has state worth keeping

  const auto weights = cloned_tensors(model);
  const std::string state = save_optimizer_state(*optimizer);
  const RngState random_before = capture_rng_state();

  const RangeTestSubject subject = random_data_subject(model, *optimizer);
  LrFinderOptions options;
  options.steps = 40;
  options.start_lr = 1e-5;
  options.end_lr = 100;  // far enough to diverge: the restore must undo a blown-up model too
  LrFinderResult result;
  run_lr_range_test(subject, options, {}, result);

  ASSERT_FALSE(result.points.empty());
  expect_bitwise_equal(weights, model);
  EXPECT_EQ(save_optimizer_state(*optimizer), state);
  EXPECT_EQ(optimizer->param_groups()[0].options().get_lr(), 0.01);
  EXPECT_EQ(capture_rng_state().cpu_generator, random_before.cpu_generator);
  EXPECT_TRUE(model->is_training());
}

std::vector<OptimizerKind> every_optimizer() {
  std::vector<OptimizerKind> kinds;
  for (const OptimizerSpec& spec : optimizer_specs()) kinds.push_back(spec.kind);
  return kinds;
}

// Every registered optimizer (engine/src/optimizers/optimizers.def).
INSTANTIATE_TEST_SUITE_P(EveryOptimizer, RangeTestRestores, ::testing::ValuesIn(every_optimizer()));

TEST(RangeTest, LearningRateGrowsExponentiallyAndStopsOnDivergence) {
  Project project = tiny_project("unused", 4, 8);
  const ModelAnalysis analysis = ShapeInference::run(project.graph);
  GraphModule model(project.graph, analysis);
  auto optimizer = make_optimizer(project.training, model->trainable_parameters());
  const RangeTestSubject subject = random_data_subject(model, *optimizer);
  LrFinderOptions options;
  options.steps = 100;
  options.start_lr = 1e-4;
  options.end_lr = 1e6;  // SGD cannot survive this
  LrFinderResult result;
  run_lr_range_test(subject, options, {}, result);
  ASSERT_GE(result.points.size(), 3u);
  EXPECT_TRUE(result.diverged);
  EXPECT_LT(result.points.size(), 100u);
  EXPECT_DOUBLE_EQ(result.points[0].lr, 1e-4);
  // Equal ratios between neighbours: 10 decades over 99 intervals.
  const double ratio = std::pow(1e10, 1.0 / 99);
  for (std::size_t i = 1; i < result.points.size(); ++i) {
    EXPECT_NEAR(result.points[i].lr / result.points[i - 1].lr, ratio, 1e-9);
  }
}

// A made-up curve: flat, a fall centred on lr = 1e-2 (in log space), then a climb.
std::vector<LrFinderPoint> made_up_curve() {
  std::vector<LrFinderPoint> points;
  for (int i = 0; i < 200; ++i) {
    const double log_lr = -6 + 7.0 * i / 199;  // 1e-6 .. 10
    LrFinderPoint point;
    point.lr = std::pow(10, log_lr);
    const double fall = 2.0 / (1 + std::exp(4 * (log_lr + 2)));  // steepest at log_lr = -2
    const double climb = log_lr > -0.5 ? 3 * (log_lr + 0.5) * (log_lr + 0.5) : 0;
    point.loss = 0.3 + fall + climb + 0.01 * std::sin(i * 1.7);  // a little noise
    point.smoothed_loss = point.loss;
    points.push_back(point);
  }
  return points;
}

TEST(LrSuggestion, SteepestFallOfTheCurve) {
  const std::vector<LrFinderPoint> points = made_up_curve();
  const std::optional<std::size_t> index = suggest_learning_rate(points);
  ASSERT_TRUE(index.has_value());
  EXPECT_NEAR(std::log10(points[*index].lr), -2, 0.25);
}

TEST(LrSuggestion, NoneWhenTheLossNeverFalls) {
  std::vector<LrFinderPoint> rising;
  for (int i = 0; i < 50; ++i) rising.push_back({std::pow(10, -6 + i * 0.1), 1.0 + i, 1.0 + i});
  EXPECT_FALSE(suggest_learning_rate(rising).has_value());
  EXPECT_FALSE(suggest_learning_rate({}).has_value());
}

TEST(LrFinderOptionsCheck, NamesTheBadSetting) {
  LrFinderOptions options;
  options.steps = 5;
  std::optional<Error> problem = check_lr_finder_options(options);
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->field, "lr_finder.steps");
  options = {};
  options.end_lr = options.start_lr / 10;
  problem = check_lr_finder_options(options);
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->field, "lr_finder.end_lr");
  const LrFinderResult result = find_learning_rate(options);
  ASSERT_TRUE(result.error.has_value());
  EXPECT_EQ(result.error->field, "lr_finder.end_lr");
}

TEST(LrFinderOnTinyData, ProgressCanCancelAndTheDeviceIsNamed) {
  const std::filesystem::path data = testing::fresh_folder("lr-finder-cancel") / "data";
  testing::write_tiny_idx_dataset(data, 64, 32, 4, 8, 7);
  LrFinderOptions options;
  options.project = tiny_project(data, 4, 8);
  std::int64_t calls = 0;
  const LrFinderResult result =
      find_learning_rate(options, [&](const LrFinderPoint&, std::int64_t step, std::int64_t steps) {
        ++calls;
        EXPECT_EQ(steps, options.steps);
        return step < 25;
      });
  ASSERT_FALSE(result.error.has_value()) << result.error->describe();
  EXPECT_TRUE(result.cancelled);
  EXPECT_EQ(result.points.size(), 25u);
  EXPECT_EQ(calls, 25);
  EXPECT_EQ(result.device, "cpu");
  EXPECT_EQ(result.optimizer, "sgd");
  EXPECT_EQ(result.batch_size, 8);
}

TEST(LrFinderOnFashionMnist, Lenet5SuggestionIsWithinTenTimesTheRecipe) {
  TemplateInstance lenet =
      TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10);
  ASSERT_TRUE(lenet.graph.has_value());
  LrFinderOptions options;
  options.project.graph = *lenet.graph;
  lenet.recipe.apply_to(options.project);
  options.project.training.device = "cpu";
  // The range test runs the recipe's optimizer and batch; the suggestion is compared with the
  // peak learning rate the recipe schedules.
  const double recipe_lr = lenet.recipe.training.lr;
  const LrFinderResult result = find_learning_rate(options);
  ASSERT_FALSE(result.error.has_value()) << result.error->describe();
  ASSERT_TRUE(result.suggested_lr.has_value());
  EXPECT_GE(*result.suggested_lr, recipe_lr / 10);
  EXPECT_LE(*result.suggested_lr, recipe_lr * 10);
  // The range reached the unstable region: past its lowest point the loss climbs back up
  // (with the recipe's weight decay it settles near chance, ln 10, rather than exploding).
  double lowest = result.points.front().smoothed_loss;
  for (const LrFinderPoint& point : result.points) lowest = std::min(lowest, point.smoothed_loss);
  EXPECT_GT(result.points.back().smoothed_loss, 1.5 * lowest);
}

}  // namespace
}  // namespace convstudio
