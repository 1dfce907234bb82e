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
  project.training.optimizer.kind = GetParam();
  project.training.optimizer.lr = 0.01;
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
  const LrSuggestions suggestions = suggest_learning_rates(points);
  ASSERT_TRUE(suggestions.steepest.has_value());
  EXPECT_NEAR(std::log10(suggestions.steepest->lr), -2, 0.25);
  EXPECT_EQ(points[static_cast<std::size_t>(suggestions.steepest->index)].lr,
            suggestions.steepest->lr);
}

// Issue 32, item 6: a curve whose steepest point and valley are known. 300 points, one per
// 7/299 of a decade: a plateau (points 0-99), a logistic fall centred on point 150 that
// keeps falling to point 220, then a climb. The longest run of ever lower losses is one plateau
// point and the 121 points of the fall; fastai's valley rule takes the point a third plus a
// sixth of the way along the 122 points before its end: 220 - 122 + 40 + 20 = 158.
std::vector<LrFinderPoint> plateau_fall_climb() {
  std::vector<LrFinderPoint> points;
  for (int i = 0; i < 300; ++i) {
    LrFinderPoint point;
    point.lr = std::pow(10, -6 + 7.0 * i / 299);
    const auto fall = [](int at) { return 0.5 + 2.4 / (1 + std::exp((at - 150) / 8.0)); };
    if (i < 100) {
      point.smoothed_loss = fall(100) + 0.001;  // a level stretch just above the fall's start
    } else if (i <= 220) {
      point.smoothed_loss = fall(i);
    } else {
      point.smoothed_loss = 0.5 + 0.05 * (i - 220);
    }
    point.loss = point.smoothed_loss;
    points.push_back(point);
  }
  return points;
}

TEST(LrSuggestion, SteepestAndValleyOfAKnownCurve) {
  const std::vector<LrFinderPoint> points = plateau_fall_climb();
  const LrSuggestions suggestions = suggest_learning_rates(points);
  ASSERT_TRUE(suggestions.steepest.has_value());
  ASSERT_TRUE(suggestions.valley.has_value());
  // Forward differences: the interval that starts at 149 or 150 is the steepest.
  EXPECT_GE(suggestions.steepest->index, 149);
  EXPECT_LE(suggestions.steepest->index, 150);
  EXPECT_EQ(suggestions.valley->index, 158);
  EXPECT_DOUBLE_EQ(suggestions.valley->lr, points[158].lr);
  // The valley lies past the steepest point, before the lowest loss.
  EXPECT_GT(suggestions.valley->lr, suggestions.steepest->lr);
  EXPECT_LT(suggestions.valley->index, 220);
}

TEST(LrSuggestion, LeavesOutTheFirstTenthTheLastFivePointsAndWhatFollowsANan) {
  std::vector<LrFinderPoint> points = plateau_fall_climb();
  // A fall steeper than any other in the first tenth and in the last five points is ignored.
  points[5].smoothed_loss = -100;
  points[297].smoothed_loss = -100;
  LrSuggestions suggestions = suggest_learning_rates(points);
  ASSERT_TRUE(suggestions.steepest.has_value());
  EXPECT_GE(suggestions.steepest->index, 149);
  EXPECT_LE(suggestions.steepest->index, 150);
  // The loss stopped being a number: the curve ends there.
  points[120].smoothed_loss = std::nan("");
  suggestions = suggest_learning_rates(points);
  ASSERT_TRUE(suggestions.steepest.has_value());
  EXPECT_LT(suggestions.steepest->index, 120);
}

TEST(LrSuggestion, NoneWhenTheLossNeverFalls) {
  std::vector<LrFinderPoint> rising;
  for (int i = 0; i < 50; ++i) rising.push_back({std::pow(10, -6 + i * 0.1), 1.0 + i, 1.0 + i});
  EXPECT_FALSE(suggest_learning_rates(rising).steepest.has_value());
  EXPECT_FALSE(suggest_learning_rates(rising).valley.has_value());
  EXPECT_FALSE(suggest_learning_rates({}).steepest.has_value());
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
  const double recipe_lr = lenet.recipe.training.optimizer.lr;
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
