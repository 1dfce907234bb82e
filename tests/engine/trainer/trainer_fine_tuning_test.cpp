// Fine-tuning: starting weights from a file, frozen blocks, and an Output block whose class count
// changed.

#include <gtest/gtest.h>

#include "checkpoint/checkpoint_store.h"
#include "checkpoint/module_tensors.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/train/trainer.h"
#include "io/safetensors_io.h"
#include "nn/graph_module.h"
#include "tiny_dataset.h"

namespace convstudio {
namespace {

using testing::fresh_folder;
using testing::write_tiny_idx_dataset;
using BlockParams = std::map<std::string, ParamValue, std::less<>>;

class LogRecorder : public TrainingListener {
 public:
  std::vector<LogLine> lines;
  std::vector<RunError> errors;
  void on_log(const LogLine& line) override { lines.push_back(line); }
  void on_error(const RunError& error) override { errors.push_back(error); }
};

// Input 1×8×8 → Conv2d → BatchNorm2d → ReLU → Flatten → Output(classes).
Graph backbone_with_head(std::int64_t classes) {
  Graph graph;
  auto add = [&graph](const char* id, const char* type, BlockParams params) {
    Block block;
    block.id = id;
    block.type = type;
    block.params = std::move(params);
    graph.insert_block(std::move(block));
  };
  add("input", "Input",
      {{"channels", std::int64_t{1}}, {"height", std::int64_t{8}}, {"width", std::int64_t{8}}});
  add("conv", "Conv2d", {{"out_channels", std::int64_t{4}}, {"padding", std::int64_t{1}}});
  add("bn", "BatchNorm2d", {});
  add("relu", "ReLU", {});
  add("flatten", "Flatten", {});
  add("head", "Output", {{"classes", classes}});
  const char* chain[] = {"input", "conv", "bn", "relu", "flatten", "head"};
  for (int i = 0; i + 1 < 6; ++i) graph.insert_connection({chain[i], chain[i + 1], 0});
  return graph;
}

// Weights of a "pretrained" model with `classes` outputs and BatchNorm statistics far from 0/1.
NamedTensors pretrained_weights(std::int64_t classes) {
  torch::manual_seed(3);
  const Graph graph = backbone_with_head(classes);
  GraphModule module(graph, ShapeInference::run(graph));
  NamedTensors tensors = extract_named_tensors(*module);
  tensors["bn.running_mean"].uniform_(-1, 1);
  tensors["bn.running_var"].uniform_(0.5, 2);
  tensors["bn.weight"].uniform_(0.5, 1.5);
  return tensors;
}

void write_start_weights(const std::filesystem::path& root, const NamedTensors& tensors) {
  SafetensorsContent content;
  content.tensors = tensors;
  ASSERT_FALSE(write_safetensors(root / "start.safetensors", content));
}

// A run from ROOT/start.safetensors (a 3-class file) into a 4-class project on ROOT/data:
// conv and bn are pretrained, head is new.
RunOptions fine_tuning_run(const std::filesystem::path& root, const std::string& out,
                           double multiplier = 1) {
  RunOptions options;
  options.project.graph = backbone_with_head(4);
  options.project.dataset.source = DatasetKind::Idx;
  options.project.dataset.path = (root / "data").string();
  options.project.training.device = "cpu";
  options.project.training.loader_workers = 1;
  options.project.training.batch_size = 16;
  options.project.training.optimizer.lr = 0.1;
  options.project.training.optimizer.pretrained_lr_multiplier = multiplier;
  options.out_dir = (root / out).string();
  options.start_weights = (root / "start.safetensors").string();
  return options;
}

TEST(FineTuning, FrozenBackboneKeepsWeightsAndStatisticsBitwiseWhileTheNewHeadLearns) {
  const auto root = fresh_folder("FrozenBackbone");
  write_tiny_idx_dataset(root / "data", 64, 32, 4, 8, 7);
  // The file's head has 3 classes; the project's 4: the head starts fresh, the rest from the file.
  const NamedTensors start = pretrained_weights(3);
  write_start_weights(root, start);
  RunOptions options = fine_tuning_run(root, "run");
  for (const char* id : {"conv", "bn"}) options.project.graph.find_block(id)->trainable = false;
  options.project.training.epochs = 3;
  LogRecorder listener;
  Trainer trainer(options, &listener);
  const RunSummary summary = trainer.run();
  ASSERT_EQ(summary.state, RunState::Finished)
      << (summary.error ? summary.error->describe() : std::string());

  bool said_head_is_new = false;
  for (const LogLine& line : listener.lines) {
    said_head_is_new = said_head_is_new || (line.text.find("head") != std::string::npos &&
                                            line.text.find("fresh weights") != std::string::npos);
  }
  EXPECT_TRUE(said_head_is_new);

  Result<CheckpointData> last = load_checkpoint(root / "run" / "last.ckpt");
  ASSERT_TRUE(last.ok());
  const NamedTensors& trained = last.value().model;
  for (const char* name :
       {"conv.weight", "conv.bias", "bn.weight", "bn.bias", "bn.running_mean", "bn.running_var"}) {
    EXPECT_TRUE(torch::equal(trained.at(name), start.at(name))) << name << " changed";
  }
  EXPECT_EQ(trained.at("head.weight").size(0), 4);
  // The head learned: the frozen features separate the bright squares well enough to beat
  // chance (1 in 4) by far.
  EXPECT_GT(summary.val_accuracy, 0.5);
}

NamedTensors trained_weights(const RunOptions& options) {
  LogRecorder listener;
  Trainer trainer(options, &listener);
  const RunSummary summary = trainer.run();
  EXPECT_EQ(summary.state, RunState::Finished)
      << (summary.error ? summary.error->describe() : std::string());
  Result<CheckpointData> last =
      load_checkpoint(std::filesystem::path(options.out_dir) / "last.ckpt");
  EXPECT_TRUE(last.ok());
  return last.ok() ? last.value().model : NamedTensors{};
}

TEST(FineTuning, PretrainedBlocksLearnAtTheMultipliedRateAndNewBlocksAtTheFullRate) {
  const auto root = fresh_folder("PretrainedRate");
  write_tiny_idx_dataset(root / "data", 64, 32, 4, 8, 7);
  const NamedTensors start = pretrained_weights(3);
  write_start_weights(root, start);
  RunOptions same = fine_tuning_run(root, "same", 1);
  RunOptions slower = fine_tuning_run(root, "slower", 0.1);
  for (RunOptions* run : {&same, &slower}) {
    run->project.training.max_steps = 1;
    run->project.training.optimizer.momentum = 0;  // plain SGD: a step is exactly -lr × gradient
  }
  const NamedTensors at_full_rate = trained_weights(same);
  const NamedTensors at_tenth = trained_weights(slower);
  ASSERT_FALSE(at_full_rate.empty());
  ASSERT_FALSE(at_tenth.empty());

  // One SGD step from the same weights on the same batch: the pretrained conv moves a tenth as
  // far, the new head exactly as far.
  const torch::Tensor full_step = at_full_rate.at("conv.weight") - start.at("conv.weight");
  const torch::Tensor tenth_step = at_tenth.at("conv.weight") - start.at("conv.weight");
  ASSERT_GT(full_step.abs().max().item<double>(), 1e-6);
  EXPECT_TRUE(torch::allclose(tenth_step * 10, full_step, 1e-3, 1e-6))
      << "largest difference " << (tenth_step * 10 - full_step).abs().max().item<double>();
  EXPECT_TRUE(torch::equal(at_tenth.at("head.weight"), at_full_rate.at("head.weight")));
}

TEST(FineTuning, AResumedRunKeepsItsParameterGroupsWhateverTheProjectSaysNow) {
  const auto root = fresh_folder("PretrainedRateResume");
  write_tiny_idx_dataset(root / "data", 64, 32, 4, 8, 7);
  write_start_weights(root, pretrained_weights(3));
  RunOptions first = fine_tuning_run(root, "run", 0.1);
  first.project.training.epochs = 1;
  ASSERT_FALSE(trained_weights(first).empty());

  // The project no longer asks for a multiplier; the checkpoint's optimizer state has two groups.
  RunOptions resumed = fine_tuning_run(root, "run", 1);
  resumed.project.training.epochs = 2;
  resumed.new_end = true;
  resumed.resume_checkpoint = (root / "run" / "last.ckpt").string();
  LogRecorder listener;
  Trainer trainer(resumed, &listener);
  const RunSummary summary = trainer.run();
  ASSERT_EQ(summary.state, RunState::Finished)
      << (summary.error ? summary.error->describe() : std::string());
  EXPECT_EQ(summary.epochs, 2);
}

TEST(FineTuning, MismatchedStartWeightsAreListedByBlockAndNothingTrains) {
  const auto root = fresh_folder("MismatchedStart");
  write_tiny_idx_dataset(root / "data", 16, 8, 4, 8, 7);
  NamedTensors start = pretrained_weights(4);
  start["conv.weight"] = torch::zeros({8, 1, 3, 3});
  write_start_weights(root, start);
  const RunOptions options = fine_tuning_run(root, "run");
  LogRecorder listener;
  Trainer trainer(options, &listener);
  const RunSummary summary = trainer.run();
  EXPECT_EQ(summary.state, RunState::Failed);
  ASSERT_TRUE(summary.error.has_value());
  const std::string text = summary.error->describe();
  EXPECT_NE(text.find("conv: weight is 8×1×3×3 in the file, 4×1×3×3 in the model"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace convstudio
