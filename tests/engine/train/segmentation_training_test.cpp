// Segmentation's training figures and losses (issue 38, item 4): the pixel confusion and the
// IoU figures against NumPy, per-pixel cross-entropy against PyTorch's own
// cross_entropy(ignore_index=…) (both computed by the venv's Python,
// tests/interop/segmentation_reference.py), soft Dice on a case worked by hand, and a tiny
// segmentation graph that learns, with gradient accumulation giving the one-batch gradients.

#include <gtest/gtest.h>
#include <torch/torch.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "convstudio/model/output_modes.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/runs/segmentation_report.h"
#include "nn/graph_module.h"
#include "scratch_folder.h"
#include "train/dice_loss.h"
#include "train/gradient_accumulation.h"
#include "train/pixel_confusion.h"
#include "train/training_figures.h"
#include "train/training_loss.h"

namespace convstudio {
namespace {

constexpr std::int64_t kIgnore = 255;

nlohmann::json nested(const torch::Tensor& tensor) {
  if (tensor.dim() == 0) {
    return tensor.scalar_type() == torch::kLong ? nlohmann::json(tensor.item<std::int64_t>())
                                                : nlohmann::json(tensor.item<double>());
  }
  nlohmann::json list = nlohmann::json::array();
  for (std::int64_t i = 0; i < tensor.size(0); ++i) list.push_back(nested(tensor[i]));
  return list;
}

std::vector<std::int64_t> flat_longs(const torch::Tensor& tensor) {
  const torch::Tensor flat = tensor.to(torch::kLong).contiguous().view(-1);
  return {flat.data_ptr<std::int64_t>(), flat.data_ptr<std::int64_t>() + flat.numel()};
}

// Runs the reference script on `cases`; its results, or a failed assertion with its output.
nlohmann::json python_reference(const nlohmann::json& cases) {
  const auto dir = testing::scratch_folder("segmentation-reference");
  std::ofstream(dir / "cases.json") << cases.dump();
  const std::string command =
      std::string(CONVSTUDIO_PYTHON) + " " + CONVSTUDIO_SEGMENTATION_REFERENCE + " " +
      (dir / "cases.json").string() + " " + (dir / "results.json").string() + " > " +
      (dir / "python.log").string() + " 2>&1";
  const int status = std::system(command.c_str());
  std::ifstream log(dir / "python.log");
  EXPECT_EQ(status, 0) << std::string(std::istreambuf_iterator<char>(log), {});
  std::ifstream results(dir / "results.json");
  return nlohmann::json::parse(results, nullptr, /*allow_exceptions=*/false);
}

// Labels 0..classes-1 with about a fifth of the pixels ignored; class `absent` never appears
// in the truth.
torch::Tensor random_masks(std::int64_t n, std::int64_t classes, std::int64_t height,
                           std::int64_t width, std::int64_t absent = -1) {
  torch::Tensor labels = torch::randint(0, classes, {n, height, width}, torch::kLong);
  if (absent >= 0) labels = torch::where(labels.eq(absent), torch::zeros_like(labels), labels);
  const torch::Tensor ignored = torch::rand({n, height, width}).lt(0.2);
  return torch::where(ignored, torch::full_like(labels, kIgnore), labels);
}

TEST(PixelFigures, MeanIoUAndClassIoUMatchNumPyWithIgnoredPixelsLeftOut) {
  torch::manual_seed(38);
  const std::int64_t classes = 5;
  // Class 3 is in neither truth nor prediction (its IoU is NaN and stays out of the mean);
  // class 4 only in the prediction (IoU 0, counted).
  std::vector<torch::Tensor> logits_batches;
  std::vector<torch::Tensor> label_batches;
  for (int b = 0; b < 3; ++b) {
    torch::Tensor logits = torch::randn({2, classes, 6, 7});
    logits.select(1, 3).fill_(-1e4);
    torch::Tensor labels = random_masks(2, classes, 6, 7, 3);
    labels = torch::where(labels.eq(4), torch::ones_like(labels), labels);
    // Truth copied into part of the prediction, so the IoUs are far from 0.
    logits.scatter_add_(1, torch::where(labels.eq(kIgnore), 0, labels).unsqueeze(1),
                        torch::full({2, 1, 6, 7}, 1.5));
    logits_batches.push_back(logits);
    label_batches.push_back(labels);
  }
  PixelConfusion confusion(classes);
  for (std::size_t b = 0; b < logits_batches.size(); ++b) {
    confusion.add(pixel_cells(logits_batches[b], label_batches[b], classes, kIgnore));
  }
  const SegmentationReport report = segmentation_report(confusion.matrix());

  const torch::Tensor truth = torch::cat(label_batches);
  const torch::Tensor predicted = torch::cat(logits_batches).argmax(1);
  ASSERT_TRUE(predicted.eq(4).any().item<bool>());
  ASSERT_TRUE(truth.eq(kIgnore).any().item<bool>());
  const nlohmann::json reference = python_reference({{"iou",
                                                      {{{"classes", classes},
                                                        {"ignore", kIgnore},
                                                        {"y_true", flat_longs(truth)},
                                                        {"y_pred", flat_longs(predicted)}}}}});
  ASSERT_TRUE(reference.is_object());
  const nlohmann::json& expected = reference["iou"][0];
  ASSERT_EQ(report.class_iou.size(), static_cast<std::size_t>(classes));
  for (std::int64_t c = 0; c < classes; ++c) {
    const nlohmann::json& iou = expected["class_iou"][c];
    if (iou.is_null()) {
      EXPECT_TRUE(std::isnan(report.class_iou[c])) << "class " << c;
    } else {
      EXPECT_NEAR(report.class_iou[c], iou.get<double>(), 1e-6) << "class " << c;
    }
  }
  EXPECT_TRUE(std::isnan(report.class_iou[3]));
  EXPECT_EQ(report.class_iou[4], 0.0);
  EXPECT_NEAR(report.mean_iou, expected["mean_iou"].get<double>(), 1e-6);
  EXPECT_NEAR(report.pixel_accuracy, expected["pixel_accuracy"].get<double>(), 1e-6);
}

TEST(SegmentationLoss, CrossEntropyWithIgnoreMatchesPyTorch) {
  torch::manual_seed(39);
  const std::int64_t classes = 4;
  const torch::Tensor logits = torch::randn({3, classes, 5, 4}) * 2;
  const torch::Tensor labels = random_masks(3, classes, 5, 4);
  struct Case {
    std::optional<std::vector<double>> weights;
    double smoothing = 0;
  };
  const std::vector<Case> cases = {{std::nullopt, 0.0},
                                   {std::nullopt, 0.1},
                                   {std::vector<double>{0.5, 2.0, 1.0, 3.25}, 0.0},
                                   {std::vector<double>{0.5, 2.0, 1.0, 3.25}, 0.2}};
  nlohmann::json input = {{"cross_entropy", nlohmann::json::array()}};
  std::vector<double> ours;
  for (const Case& c : cases) {
    const TrainingLoss loss(c.weights, c.smoothing, torch::kCPU,
                            PixelLoss{SegmentationLoss::CrossEntropy, kIgnore});
    ours.push_back(loss(logits, labels).item<double>());
    input["cross_entropy"].push_back({{"logits", nested(logits)},
                                      {"labels", nested(labels)},
                                      {"weight", c.weights ? nlohmann::json(*c.weights) : nullptr},
                                      {"label_smoothing", c.smoothing},
                                      {"ignore_index", kIgnore}});
  }
  const nlohmann::json reference = python_reference(input);
  ASSERT_TRUE(reference.is_object());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    EXPECT_NEAR(ours[i], reference["cross_entropy"][i].get<double>(), 1e-6) << "case " << i;
  }
}

// One image of three pixels, two classes present and a third in neither:
//   pixel 0: truth 0, softmax (0.75, 0.25, ~0);  pixel 1: truth 1, softmax (0.25, 0.75, ~0);
//   pixel 2: ignored (its confident class-0 logits must not count).
// Class 0: I = 0.75, S = (0.75 + 0.25) + 1 = 2, Dice 0.75; class 1 alike; class 2 absent.
// Loss = 1 − (0.75 + 0.75) / 2 = 0.25 (0.5 if the absent class counted as Dice 0).
TEST(SegmentationLoss, DiceMatchesAHandComputedCase) {
  const float third = std::log(3.0f);
  const torch::Tensor logits =
      torch::tensor({third, 0.0f, 9.0f, 0.0f, third, 0.0f, -100.0f, -100.0f, -100.0f})
          .view({1, 3, 1, 3});
  const torch::Tensor labels =
      torch::tensor({0, 1, static_cast<int>(kIgnore)}, torch::kLong).view({1, 1, 3});
  EXPECT_NEAR(soft_dice_loss(logits, labels, kIgnore).item<double>(), 0.25, 1e-6);
  const TrainingLoss dice(std::nullopt, 0, torch::kCPU, PixelLoss{SegmentationLoss::Dice, kIgnore});
  EXPECT_NEAR(dice(logits, labels).item<double>(), 0.25, 1e-6);
  // Cross-entropy + Dice is the sum: −(ln 0.75 + ln 0.75) / 2 + 0.25.
  const TrainingLoss both(std::nullopt, 0, torch::kCPU,
                          PixelLoss{SegmentationLoss::CrossEntropyDice, kIgnore});
  EXPECT_NEAR(both(logits, labels).item<double>(), -std::log(0.75) + 0.25, 1e-5);
}

TEST(SegmentationLoss, ABatchWithEveryPixelIgnoredGivesZeroAndFiniteGradients) {
  const torch::Tensor logits = torch::randn({2, 3, 4, 4}, torch::requires_grad());
  const torch::Tensor labels = torch::full({2, 4, 4}, kIgnore, torch::kLong);
  for (const SegmentationLoss kind : {SegmentationLoss::CrossEntropy, SegmentationLoss::Dice,
                                      SegmentationLoss::CrossEntropyDice}) {
    const TrainingLoss loss(std::vector<double>{1, 2, 3}, 0.1, torch::kCPU,
                            PixelLoss{kind, kIgnore});
    const torch::Tensor value = loss(logits, labels);
    EXPECT_EQ(value.item<double>(), 0.0) << to_string(kind);
    value.backward();
    EXPECT_TRUE(torch::isfinite(logits.grad()).all().item<bool>()) << to_string(kind);
    logits.grad().zero_();
  }
}

TEST(SegmentationLoss, BalancedWeightsAreRefusedWithoutPixelCounts) {
  LossSettings settings;
  settings.class_weights = "balanced";
  const auto refused = resolve_pixel_class_weights(settings, std::nullopt, 3);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().field, "training.class_weights");
  EXPECT_NE(refused.error().message.find("pixel counts"), std::string::npos);
  // With the training split's pixel counts, scikit-learn's balanced weights of the pixels.
  EXPECT_EQ(*resolve_pixel_class_weights(settings, std::vector<std::int64_t>{50, 1}, 2).value(),
            (std::vector<double>{0.51, 25.5}));
  settings.class_weights = "1, 4";
  EXPECT_FALSE(resolve_pixel_class_weights(settings, std::nullopt, 3));
  EXPECT_EQ(*resolve_pixel_class_weights(settings, std::nullopt, 2).value(),
            (std::vector<double>{1, 4}));
}

TEST(TrainingFigures, SegmentationCountsCorrectPixelsAndLeavesIgnoredOnesOut) {
  torch::manual_seed(40);
  const torch::Tensor logits = torch::randn({2, 3, 5, 5});
  const torch::Tensor labels = random_masks(2, 3, 5, 5);
  const torch::Tensor counted = labels.ne(kIgnore);
  TrainingFigures figures;
  figures.count_pixels(kIgnore);
  figures.start_epoch();
  figures.add(torch::tensor(0.5f), logits, labels);
  const std::int64_t correct =
      logits.argmax(1).eq(labels).logical_and(counted).sum().item<std::int64_t>();
  EXPECT_EQ(figures.step_correct(), correct);
  figures.end_step();
  EXPECT_EQ(figures.epoch_correct(), correct);
  EXPECT_EQ(figures.epoch_counted_pixels(), counted.sum().item<std::int64_t>());
  EXPECT_EQ(figures.step_loss_sum(), 0.0);  // the step ended
}

// Input 3×8×8 → Conv2d(3→8, 3×3, padding 1) → ReLU → Conv2d(8→2, 1×1) → pass-through Output:
// per-pixel logits of two classes.
GraphModule tiny_segmentation_graph() {
  Graph graph;
  const std::string input = graph.add_block(kInputBlockType);
  graph.set_param(input, "channels", std::int64_t{3});
  graph.set_param(input, "height", std::int64_t{8});
  graph.set_param(input, "width", std::int64_t{8});
  const std::string conv = graph.add_block("Conv2d");
  graph.set_param(conv, "out_channels", std::int64_t{8});
  graph.set_param(conv, "kernel", std::int64_t{3});
  graph.set_param(conv, "padding", std::int64_t{1});
  const std::string relu = graph.add_block("ReLU");
  const std::string head = graph.add_block("Conv2d");
  graph.set_param(head, "out_channels", std::int64_t{2});
  graph.set_param(head, "kernel", std::int64_t{1});
  const std::string output = graph.add_block(kOutputBlockType);
  graph.set_param(output, "mode", std::string(kOutputModePassThrough));
  EXPECT_FALSE(graph.connect({input, conv, 0}));
  EXPECT_FALSE(graph.connect({conv, relu, 0}));
  EXPECT_FALSE(graph.connect({relu, head, 0}));
  EXPECT_FALSE(graph.connect({head, output, 0}));
  const ModelAnalysis analysis = ShapeInference::run(graph);
  EXPECT_TRUE(analysis.ok()) << analysis.errors.front().message;
  return GraphModule(graph, analysis);
}

// Images whose first channel is bright where the mask is class 1; some pixels ignored.
struct SegmentationBatch {
  torch::Tensor images;
  torch::Tensor labels;
};
SegmentationBatch shapes_batch(std::int64_t n) {
  const torch::Tensor mask = torch::rand({n, 8, 8}).gt(0.5);
  torch::Tensor images = torch::randn({n, 3, 8, 8}) * 0.3;
  images.select(1, 0).add_(mask.to(torch::kFloat) * 2 - 1);
  torch::Tensor labels = mask.to(torch::kLong);
  labels = torch::where(torch::rand({n, 8, 8}).lt(0.1), torch::full_like(labels, kIgnore), labels);
  return {images, labels};
}

TEST(SegmentationTraining, AFewStepsOfATinySegmentationGraphLowerTheLoss) {
  torch::manual_seed(41);
  const SegmentationBatch batch = shapes_batch(16);
  for (const SegmentationLoss kind : {SegmentationLoss::CrossEntropy, SegmentationLoss::Dice,
                                      SegmentationLoss::CrossEntropyDice}) {
    GraphModule fresh = tiny_segmentation_graph();
    torch::optim::Adam optimizer(fresh->parameters(), torch::optim::AdamOptions(0.05));
    const TrainingLoss loss(std::nullopt, 0, torch::kCPU, PixelLoss{kind, kIgnore});
    const double first = loss(fresh->forward(batch.images), batch.labels).item<double>();
    double last = first;
    for (int step = 0; step < 30; ++step) {
      optimizer.zero_grad();
      const torch::Tensor value = loss(fresh->forward(batch.images), batch.labels);
      value.backward();
      optimizer.step();
      last = value.item<double>();
    }
    EXPECT_LT(last, first * 0.5) << to_string(kind) << ": " << first << " -> " << last;
  }
}

// The trainer weighs each micro-batch's mean loss by GradientAccumulation::loss_weight: with the
// same counted pixels in each micro-batch, the summed gradients are those of one batch of all
// of them (per-pixel cross-entropy is a mean over pixels, as classification's is over images).
TEST(SegmentationTraining, AccumulationOfTwoMatchesOneBatch) {
  torch::manual_seed(42);
  GraphModule model = tiny_segmentation_graph();
  const SegmentationBatch batch = shapes_batch(4);
  const torch::Tensor labels = torch::where(batch.labels.eq(kIgnore), 0, batch.labels);
  const TrainingLoss loss(std::vector<double>{1.0, 1.0}, 0.1, torch::kCPU,
                          PixelLoss{SegmentationLoss::CrossEntropy, kIgnore});
  auto gradients = [&model] {
    std::vector<torch::Tensor> grads;
    for (const torch::Tensor& p : model->parameters()) grads.push_back(p.grad().clone());
    return grads;
  };
  model->zero_grad();
  loss(model->forward(batch.images), labels).backward();
  const std::vector<torch::Tensor> whole = gradients();

  model->zero_grad();
  GradientAccumulation step(2, 2, 0);
  step.start_step();
  for (std::int64_t half = 0; half < 2; ++half) {
    const torch::Tensor images = batch.images.narrow(0, half * 2, 2);
    const torch::Tensor part = labels.narrow(0, half * 2, 2);
    (loss(model->forward(images), part) * step.loss_weight(1.0)).backward();
    step.add(2);
  }
  const std::vector<torch::Tensor> accumulated = gradients();
  ASSERT_EQ(whole.size(), accumulated.size());
  for (std::size_t i = 0; i < whole.size(); ++i) {
    EXPECT_TRUE(torch::allclose(whole[i], accumulated[i], 1e-5, 1e-6)) << "parameter " << i;
  }
}

}  // namespace
}  // namespace convstudio
