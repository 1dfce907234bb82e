// The training loss against PyTorch itself (issue 34): label smoothing and class weights give
// what torch.nn.CrossEntropyLoss gives for the same float32 logits, computed in the test by the
// venv's PyTorch (tests/interop/cross_entropy_reference.py); the "balanced" weights are
// scikit-learn's compute_class_weight("balanced"), checked against its formula in NumPy.

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "scratch_folder.h"
#include "train/training_loss.h"

namespace convstudio {
namespace {

struct LossCase {
  std::optional<std::vector<double>> weights;
  double label_smoothing = 0;
};

std::vector<double> values_of(const torch::Tensor& tensor) {
  const torch::Tensor flat = tensor.to(torch::kDouble).contiguous().view(-1);
  return {flat.data_ptr<double>(), flat.data_ptr<double>() + flat.numel()};
}

nlohmann::json rows_of(const torch::Tensor& logits) {
  nlohmann::json rows = nlohmann::json::array();
  for (std::int64_t r = 0; r < logits.size(0); ++r) rows.push_back(values_of(logits[r]));
  return rows;
}

// Runs the reference script on `cases`; its results, or a failed assertion with its output.
nlohmann::json pytorch_reference(const nlohmann::json& cases) {
  const auto dir = testing::scratch_folder("cross-entropy");
  std::ofstream(dir / "cases.json") << cases.dump();
  const std::string command = std::string(CONVSTUDIO_PYTHON) + " " + CONVSTUDIO_CROSS_ENTROPY +
                              " " + (dir / "cases.json").string() + " " +
                              (dir / "results.json").string() + " > " +
                              (dir / "python.log").string() + " 2>&1";
  const int status = std::system(command.c_str());
  std::ifstream log(dir / "python.log");
  EXPECT_EQ(status, 0) << std::string(std::istreambuf_iterator<char>(log), {});
  std::ifstream results(dir / "results.json");
  return nlohmann::json::parse(results, nullptr, /*allow_exceptions=*/false);
}

TEST(TrainingLoss, MatchesPyTorchCrossEntropyWithSmoothingAndWeights) {
  torch::manual_seed(34);
  const std::int64_t classes = 4;
  const torch::Tensor logits = torch::randn({32, classes}) * 3;
  const torch::Tensor labels = torch::randint(0, classes, {32}, torch::kLong);
  std::vector<std::int64_t> counts;
  for (const double count : values_of(torch::bincount(labels, {}, classes))) {
    counts.push_back(static_cast<std::int64_t>(count));
  }
  const std::vector<LossCase> cases = {
      {std::nullopt, 0.0},
      {std::nullopt, 0.1},
      {std::nullopt, 0.5},
      {std::vector<double>{0.5, 2.0, 1.0, 3.25}, 0.0},
      {std::vector<double>{0.5, 2.0, 1.0, 3.25}, 0.2},
      {balanced_class_weights(counts), 0.0},
      {balanced_class_weights(counts), 0.1},
  };
  nlohmann::json input = {{"losses", nlohmann::json::array()},
                          {"balanced", nlohmann::json::array()}};
  std::vector<double> ours;
  for (const LossCase& c : cases) {
    const TrainingLoss loss(c.weights, c.label_smoothing, torch::kCPU);
    ours.push_back(loss(logits, labels).item<double>());
    input["losses"].push_back({{"logits", rows_of(logits)},
                               {"labels", values_of(labels)},
                               {"weight", c.weights ? nlohmann::json(*c.weights) : nullptr},
                               {"label_smoothing", c.label_smoothing}});
  }
  input["balanced"].push_back({{"labels", values_of(labels)}, {"classes", classes}});
  const nlohmann::json reference = pytorch_reference(input);
  ASSERT_TRUE(reference.is_object());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    EXPECT_NEAR(ours[i], reference["losses"][i].get<double>(), 1e-6) << "case " << i;
  }
  const std::vector<double> balanced = balanced_class_weights(counts);
  const auto expected = reference["balanced"][0].get<std::vector<double>>();
  ASSERT_EQ(balanced.size(), expected.size());
  for (std::size_t c = 0; c < balanced.size(); ++c) EXPECT_NEAR(balanced[c], expected[c], 1e-12);
}

// Mixup and CutMix train against soft targets: the same loss with probability targets, as
// torch.nn.CrossEntropyLoss computes it (smoothing applied to the target, weights per class,
// the mean over the rows).
TEST(TrainingLoss, SoftTargetsMatchPyTorchWithSmoothingAndWeights) {
  torch::manual_seed(35);
  const std::int64_t classes = 3;
  const torch::Tensor logits = torch::randn({16, classes}) * 2;
  const torch::Tensor own = torch::one_hot(torch::randint(0, classes, {16}, torch::kLong), classes);
  const torch::Tensor targets = (own * 0.7 + own.roll(1, 0) * 0.3).to(torch::kFloat);
  const std::vector<LossCase> cases = {
      {std::nullopt, 0.0},
      {std::nullopt, 0.1},
      {std::vector<double>{0.51, 25.5, 2.0}, 0.0},
      {std::vector<double>{0.51, 25.5, 2.0}, 0.2},
  };
  nlohmann::json input = {{"losses", nlohmann::json::array()},
                          {"balanced", nlohmann::json::array()}};
  std::vector<double> ours;
  for (const LossCase& c : cases) {
    ours.push_back(
        TrainingLoss(c.weights, c.label_smoothing, torch::kCPU)(logits, targets).item<double>());
    input["losses"].push_back({{"logits", rows_of(logits)},
                               {"labels", nlohmann::json::array()},
                               {"targets", rows_of(targets)},
                               {"weight", c.weights ? nlohmann::json(*c.weights) : nullptr},
                               {"label_smoothing", c.label_smoothing}});
  }
  const nlohmann::json reference = pytorch_reference(input);
  ASSERT_TRUE(reference.is_object());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    EXPECT_NEAR(ours[i], reference["losses"][i].get<double>(), 1e-6) << "case " << i;
  }
}

TEST(TrainingLoss, ExplicitWeightsMustNameEveryClass) {
  LossSettings settings;
  settings.class_weights = "1, 2";
  const auto refused = resolve_class_weights(settings, {5, 5, 5});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().field, "training.class_weights");
  settings.class_weights = "1, 2, 0.5";
  const auto taken = resolve_class_weights(settings, {5, 5, 5});
  ASSERT_TRUE(taken);
  EXPECT_EQ(*taken.value(), (std::vector<double>{1, 2, 0.5}));
  settings.class_weights = "none";
  EXPECT_FALSE(resolve_class_weights(settings, {5, 5, 5}).value().has_value());
  settings.class_weights = "balanced";
  EXPECT_EQ(*resolve_class_weights(settings, {50, 1}).value(), (std::vector<double>{0.51, 25.5}));
}

}  // namespace
}  // namespace convstudio
