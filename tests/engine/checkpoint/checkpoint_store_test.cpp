#include "checkpoint/checkpoint_store.h"

#include <fstream>
#include <functional>
#include <memory>

#include <gtest/gtest.h>

#include "checkpoint/optimizer_state.h"
#include "io/safetensors_io.h"
#include "runs/checkpoint_files.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

// Small, but with everything a checkpoint must carry: weights, BatchNorm buffers (running stats
// and an int64 counter) and dropout, whose masks depend on the restored RNG state.
struct TinyNetImpl : torch::nn::Module {
  explicit TinyNetImpl(int classes = 3)
      : conv(register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 4, 3)))),
        bn(register_module("bn", torch::nn::BatchNorm2d(4))),
        fc(register_module("fc", torch::nn::Linear(4 * 4 * 4, classes))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(bn(conv(x))).flatten(1);
    return fc(torch::dropout(x, 0.3, is_training()));
  }

  torch::nn::Conv2d conv;
  torch::nn::BatchNorm2d bn;
  torch::nn::Linear fc;
};
TORCH_MODULE(TinyNet);

using MakeOptimizer =
    std::function<std::unique_ptr<torch::optim::Optimizer>(std::vector<torch::Tensor>)>;

struct Batch {
  torch::Tensor images;
  torch::Tensor labels;
};

std::vector<Batch> make_batches(int count) {
  torch::manual_seed(7);
  std::vector<Batch> batches;
  for (int i = 0; i < count; ++i) {
    batches.push_back({torch::randn({8, 1, 6, 6}), torch::randint(0, 3, {8}, torch::kLong)});
  }
  return batches;
}

void train(TinyNet& model, torch::optim::Optimizer& optimizer, const std::vector<Batch>& batches,
           std::size_t from, std::size_t to) {
  model->train();
  for (std::size_t i = from; i < to; ++i) {
    optimizer.zero_grad();
    torch::nn::functional::cross_entropy(model->forward(batches[i].images), batches[i].labels)
        .backward();
    optimizer.step();
  }
}

fs::path fresh_folder(const std::string& name) {
  return testing::scratch_folder(name);
}

CheckpointState sample_state() {
  CheckpointState state;
  state.epoch = 2;
  state.step_in_epoch = 17;
  state.global_step = 3;
  state.config = {{"optimizer", "sgd"}, {"batch_size", 8}};
  state.metrics = {{"train_loss", {1.25, 0.75}}};
  state.schedule = {{.kind = LrScheduleKind::one_cycle, .base_lr = 0.1, .total_steps = 100}, 3};
  state.scaler = {.scale = 16384.0, .growth_tracker = 5, .skipped_steps = 2};
  state.rng = capture_rng_state("loader state 42");
  return state;
}

void expect_resume_matches_uninterrupted(const MakeOptimizer& make_optimizer) {
  const std::vector<Batch> batches = make_batches(5);
  const fs::path dir = fresh_folder("resume") / "run.ckpt";

  torch::manual_seed(1);
  TinyNet original;
  auto original_optimizer = make_optimizer(original->parameters());
  train(original, *original_optimizer, batches, 0, 3);
  CheckpointState state = sample_state();
  auto saved = save_checkpoint(dir, capture_checkpoint(*original, *original_optimizer, state));
  ASSERT_FALSE(saved.has_value()) << saved->describe();
  train(original, *original_optimizer, batches, 3, 5);

  // Another start, even one step ahead, so nothing matches unless the checkpoint restores it.
  torch::manual_seed(99);
  TinyNet resumed;
  auto resumed_optimizer = make_optimizer(resumed->parameters());
  train(resumed, *resumed_optimizer, batches, 0, 1);

  auto loaded = load_checkpoint(dir, CheckpointUse::Resume);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  auto applied = apply_checkpoint(loaded.value(), *resumed, *resumed_optimizer, dir);
  ASSERT_FALSE(applied.has_value()) << applied->describe();
  ASSERT_FALSE(restore_rng_state(loaded.value().state.rng).has_value());
  train(resumed, *resumed_optimizer, batches, 3, 5);

  const NamedTensors expected = extract_named_tensors(*original);
  const NamedTensors actual = extract_named_tensors(*resumed);
  ASSERT_EQ(actual.size(), expected.size());
  for (const auto& [name, tensor] : expected) {
    EXPECT_TRUE(torch::equal(actual.at(name), tensor)) << name << " differs after resuming";
  }
}

TEST(CheckpointStore, ResumedSgdWithMomentumMatchesAnUninterruptedRun) {
  expect_resume_matches_uninterrupted([](std::vector<torch::Tensor> params) {
    return std::make_unique<torch::optim::SGD>(params,
                                               torch::optim::SGDOptions(0.05).momentum(0.9));
  });
}

TEST(CheckpointStore, ResumedAdamMatchesAnUninterruptedRun) {
  expect_resume_matches_uninterrupted([](std::vector<torch::Tensor> params) {
    return std::make_unique<torch::optim::Adam>(params, torch::optim::AdamOptions(0.01));
  });
}

TEST(CheckpointStore, ResumedAdamWMatchesAnUninterruptedRun) {
  expect_resume_matches_uninterrupted([](std::vector<torch::Tensor> params) {
    return std::make_unique<torch::optim::AdamW>(
        params, torch::optim::AdamWOptions(0.01).weight_decay(0.01).amsgrad(true));
  });
}

// Opening a checkpoint to predict, export or evaluate reads weights and state only: a damaged
// (or hostile) optimizer file cannot stop it, and no LibTorch unpickler is ever run on it.
TEST(CheckpointStore, WeightsUseNeverReadsTheOptimizerFile) {
  const fs::path dir = fresh_folder("weights_only") / "run.ckpt";
  TinyNet model;
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1).momentum(0.9));
  ASSERT_FALSE(save_checkpoint(dir, capture_checkpoint(*model, optimizer, sample_state())));
  std::ofstream(dir / kCheckpointOptimizerFile, std::ios::trunc) << "not an optimizer state";
  auto loaded = load_checkpoint(dir);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_TRUE(loaded.value().optimizer.empty());
  EXPECT_FALSE(load_checkpoint(dir, CheckpointUse::Resume).ok());
}

// The optimizer state is plain data: a safetensors file that the safetensors reader decodes.
TEST(CheckpointStore, OptimizerStateIsSafetensorsNotALibTorchArchive) {
  const fs::path dir = fresh_folder("safetensors_optimizer") / "run.ckpt";
  TinyNet model;
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(0.01));
  train(model, optimizer, make_batches(1), 0, 1);
  ASSERT_FALSE(save_checkpoint(dir, capture_checkpoint(*model, optimizer, sample_state())));
  EXPECT_FALSE(fs::exists(dir / "optimizer.pt"));
  auto content = read_safetensors(dir / "optimizer.safetensors");
  ASSERT_TRUE(content.ok()) << content.error().describe();
  EXPECT_TRUE(content.value().tensors.contains("0.0.exp_avg"));
  EXPECT_TRUE(content.value().metadata.contains("convstudio.optimizer"));
}

// A checkpoint written before optimizer.safetensors (LibTorch's archive in optimizer.pt) still
// resumes; it is read only then, and the trainer says so.
TEST(CheckpointStore, OldCheckpointWithOptimizerPtStillResumes) {
  const fs::path dir = fresh_folder("legacy") / "run.ckpt";
  TinyNet model;
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1).momentum(0.9));
  train(model, optimizer, make_batches(1), 0, 1);
  ASSERT_FALSE(save_checkpoint(dir, capture_checkpoint(*model, optimizer, sample_state())));
  fs::remove(dir / kCheckpointOptimizerFile);
  {
    torch::serialize::OutputArchive archive;
    optimizer.save(archive);
    archive.save_to((dir / "optimizer.pt").string());
  }
  auto loaded = load_checkpoint(dir, CheckpointUse::Resume);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_TRUE(loaded.value().legacy_optimizer);
  TinyNet other;
  torch::optim::SGD other_optimizer(other->parameters(),
                                    torch::optim::SGDOptions(0.1).momentum(0.9));
  EXPECT_FALSE(apply_checkpoint(loaded.value(), *other, other_optimizer, dir).has_value());
  EXPECT_EQ(other_optimizer.state().size(), optimizer.state().size());
}

TEST(CheckpointStore, StateRoundTripKeepsEveryField) {
  const fs::path dir = fresh_folder("state") / "run.ckpt";
  TinyNet model;
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  const CheckpointState state = sample_state();
  ASSERT_FALSE(save_checkpoint(dir, capture_checkpoint(*model, optimizer, state)).has_value());
  auto loaded = load_checkpoint(dir);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  const CheckpointState& read = loaded.value().state;
  EXPECT_EQ(read.epoch, 2);
  EXPECT_EQ(read.step_in_epoch, 17);
  EXPECT_EQ(read.global_step, 3);
  EXPECT_EQ(read.config, state.config);
  EXPECT_EQ(read.metrics, state.metrics);
  EXPECT_EQ(read.schedule.config.kind, LrScheduleKind::one_cycle);
  EXPECT_EQ(read.schedule.config.total_steps, 100);
  EXPECT_EQ(read.schedule.step, 3);
  EXPECT_EQ(read.scaler.scale, 16384.0);
  EXPECT_EQ(read.scaler.growth_tracker, 5);
  EXPECT_EQ(read.scaler.skipped_steps, 2);
  EXPECT_EQ(read.rng.cpu_generator, state.rng.cpu_generator);
  EXPECT_EQ(read.rng.cuda_generators, state.rng.cuda_generators);
  EXPECT_EQ(read.rng.data_loader, "loader state 42");
  EXPECT_TRUE(fs::is_regular_file(dir / "model.safetensors"));
  EXPECT_TRUE(fs::is_regular_file(dir / "optimizer.safetensors"));
  EXPECT_TRUE(fs::is_regular_file(dir / "state.json"));
}

TEST(CheckpointStore, FailedSaveLeavesThePreviousCheckpointIntact) {
  const fs::path folder = fresh_folder("failed_save");
  const fs::path dir = folder / "run.ckpt";
  TinyNet model;
  torch::optim::SGD optimizer(model->parameters(), 0.1);
  CheckpointData first = capture_checkpoint(*model, optimizer, sample_state());
  ASSERT_FALSE(save_checkpoint(dir, first).has_value());

  // optimizer.safetensors gets written, then the weights cannot be: the save fails midway.
  CheckpointData second = first;
  second.state.global_step = 999;
  second.model["unstorable"] = torch::zeros({2}, torch::kComplexFloat);
  auto error = save_checkpoint(dir, second);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->message.find("unstorable"), std::string::npos);

  auto loaded = load_checkpoint(dir);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(loaded.value().state.global_step, 3);
  for (const auto& [name, tensor] : first.model) {
    EXPECT_TRUE(torch::equal(loaded.value().model.at(name), tensor)) << name;
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 1)
      << "the failed save left a temporary folder behind";
}

// A saved checkpoint to damage, and the loader's message about it.
class DamagedCheckpoint : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fresh_folder("damaged") / "run.ckpt";
    TinyNet model;
    torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.1).momentum(0.9));
    ASSERT_FALSE(save_checkpoint(dir_, capture_checkpoint(*model, optimizer, sample_state())));
  }
  void overwrite(const char* file, const std::string& bytes) {
    std::ofstream(dir_ / file, std::ios::binary | std::ios::trunc) << bytes;
  }
  std::string load_error() {
    auto loaded = load_checkpoint(dir_, CheckpointUse::Resume);
    EXPECT_FALSE(loaded.ok());
    return loaded.ok() ? std::string() : loaded.error().describe();
  }
  fs::path dir_;
};

TEST_F(DamagedCheckpoint, MissingFolderIsReported) {
  fs::remove_all(dir_);
  EXPECT_NE(load_error().find("the checkpoint does not exist"), std::string::npos);
}

TEST_F(DamagedCheckpoint, MissingStateFileIsReported) {
  fs::remove(dir_ / "state.json");
  const std::string error = load_error();
  EXPECT_NE(error.find("state.json"), std::string::npos) << error;
  EXPECT_NE(error.find("missing"), std::string::npos) << error;
}

TEST_F(DamagedCheckpoint, TruncatedWeightsAreReported) {
  std::ifstream in(dir_ / "model.safetensors", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  overwrite("model.safetensors", bytes.substr(0, bytes.size() / 2));
  const std::string error = load_error();
  EXPECT_NE(error.find("model.safetensors"), std::string::npos) << error;
  EXPECT_NE(error.find("past the data area"), std::string::npos) << error;
}

TEST_F(DamagedCheckpoint, GarbageOptimizerStateIsReported) {
  overwrite("optimizer.safetensors", "this is not a safetensors file");
  const std::string error = load_error();
  EXPECT_NE(error.find("optimizer.safetensors"), std::string::npos) << error;
}

TEST_F(DamagedCheckpoint, InvalidStateJsonIsReported) {
  overwrite("state.json", "{\"epoch\": 1,");
  EXPECT_NE(load_error().find("not valid JSON"), std::string::npos);
}

// Found by fuzzing (fuzz_checkpoint_state): a number too large for a double made the JSON parser
// throw out_of_range, which load_checkpoint did not catch.
TEST_F(DamagedCheckpoint, NumberTooLargeForADoubleIsReportedNotThrown) {
  overwrite("state.json", R"({"format_version": 1, "epoch": 0.7e89854})");
  std::string error;
  ASSERT_NO_THROW(error = load_error());
  EXPECT_NE(error.find("state.json"), std::string::npos) << error;
  EXPECT_NE(error.find("number overflow"), std::string::npos) << error;
}

TEST_F(DamagedCheckpoint, MissingStateFieldIsNamed) {
  overwrite("state.json", R"({"format_version": 1, "epoch": 1, "step_in_epoch": 0,
      "global_step": 1, "config": {}, "metrics": {},
      "schedule": {"config": {"kind": "constant", "base_lr": 0.1, "total_steps": 0,
        "step_size": 1, "gamma": 0.1, "min_lr": 0, "pct_start": 0.3, "div_factor": 25,
        "final_div_factor": 10000, "warmup_steps": 0, "warmup_start_factor": 0.3}, "step": 0},
      "scaler": {"growth_tracker": 0, "skipped_steps": 0},
      "rng": {"cpu_generator": "", "cuda_generators": [], "data_loader": ""}})");
  const auto loaded = load_checkpoint(dir_);
  ASSERT_FALSE(loaded.ok());
  EXPECT_NE(loaded.error().file.find("state.json"), std::string::npos) << load_error();
  EXPECT_EQ(loaded.error().field, "scaler.scale") << load_error();
  EXPECT_EQ(loaded.error().message, "is missing");
}

TEST_F(DamagedCheckpoint, WeightsOfAnotherArchitectureNameTheTensorAndBothShapes) {
  auto loaded = load_checkpoint(dir_);
  ASSERT_TRUE(loaded.ok());
  TinyNet wider(5);
  torch::optim::SGD optimizer(wider->parameters(), 0.1);
  auto error = apply_checkpoint(loaded.value(), *wider, optimizer, dir_);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->message.find("tensor \"fc.bias\" has shape [3] but the model expects [5]"),
            std::string::npos)
      << error->describe();
}

TEST_F(DamagedCheckpoint, StateOfAnotherOptimizerKindIsRefused) {
  auto loaded = load_checkpoint(dir_, CheckpointUse::Resume);
  ASSERT_TRUE(loaded.ok());
  TinyNet model;
  torch::optim::Adam adam(model->parameters(), 0.1);
  auto error = apply_checkpoint(loaded.value(), *model, adam, dir_);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->message.find("cannot restore the optimizer"), std::string::npos);
}

}  // namespace
}  // namespace convstudio
