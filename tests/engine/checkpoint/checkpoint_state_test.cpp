// state.json is read as untrusted input: every counter and configuration field a resume, predict
// or export relies on is checked against its range, and a refusal names the file and the field
// (issue 31). Checkpoints of older versions, without the fields added since, still read.

#include "checkpoint/checkpoint_state.h"

#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <limits>
#include <ostream>
#include <string>

#include "checkpoint/checkpoint_config.h"
#include "convstudio/model/layer_catalog.h"
#include "train/rng_state.h"

namespace convstudio {
namespace {

using nlohmann::json;

constexpr char kFile[] = "run/last.ckpt/state.json";

// What the trainer writes (training_checkpoint.cpp's run_config), for a colour 32×32 input.
json valid_state() {
  CheckpointState state;
  state.epoch = 2;
  state.step_in_epoch = 17;
  state.global_step = 117;
  state.config = {{"project",
                   {{"format", "convstudio-project"},
                    {"dataset", {{"normalize", true}}},
                    {"training", {{"epochs", 5}, {"max_steps", 0}}}}},
                  {"batch_size", 64},
                  {"accumulate", 1},
                  {"world_size", 1},
                  {"device", "cpu"},
                  {"pretrained_blocks", json::array({"conv1"})},
                  {"pretrained_lr_multiplier", 0.1},
                  {"input_shape", {3, 32, 32}},
                  {"class_names", {"cat", "dog"}},
                  {"class_colours", {{0, 0, 0}, {255, 128, 0}}},
                  {"mean", {0.5, 0.5, 0.5}},
                  {"std", {0.25, 0.25, 0.25}}};
  state.metrics = {{"epochs", json::array()}, {"best_accuracy", 0.75}};
  state.schedule = {{.kind = LrScheduleKind::cosine, .base_lr = 0.1, .total_steps = 500}, 117};
  state.scaler = {.scale = 16384.0, .growth_tracker = 5, .skipped_steps = 2};
  state.rng = capture_rng_state();
  return checkpoint_state_to_json(state);
}

struct HostileField {
  const char* pointer;  // where the edit goes
  json value;
  const char* field;  // where the refusal must point
};

void PrintTo(const HostileField& hostile, std::ostream* out) {
  *out << hostile.pointer << " = " << hostile.value.dump();
}

// "global_step_0", "config_input_shape_1__4": the field refused, then the case's number.
std::string field_name(const ::testing::TestParamInfo<HostileField>& info) {
  std::string name = info.param.field;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name + "_" + std::to_string(info.index);
}

class HostileStateField : public ::testing::TestWithParam<HostileField> {};

TEST_P(HostileStateField, IsRefusedNamingTheFileAndTheField) {
  const HostileField& hostile = GetParam();
  json state = valid_state();
  state[json::json_pointer(hostile.pointer)] = hostile.value;
  Result<CheckpointState> read = checkpoint_state_from_json(state, kFile);
  ASSERT_FALSE(read.ok()) << hostile.pointer << " = " << hostile.value.dump();
  EXPECT_EQ(read.error().file, kFile);
  EXPECT_EQ(read.error().field, hostile.field) << read.error().describe();
}

const std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();

INSTANTIATE_TEST_SUITE_P(
    Counters, HostileStateField,
    ::testing::Values(
        // 2^63-1 wraps on the next step and trains "forever"; -10^15 trains until killed.
        HostileField{"/global_step", kInt64Max, "global_step"},
        HostileField{"/global_step", -1000000000000000, "global_step"},
        HostileField{"/global_step", std::numeric_limits<std::uint64_t>::max(), "global_step"},
        HostileField{"/epoch", -1, "epoch"}, HostileField{"/epoch", kInt64Max, "epoch"},
        HostileField{"/step_in_epoch", -5, "step_in_epoch"},
        HostileField{"/schedule/step", -1, "schedule.step"},
        HostileField{"/schedule/config/total_steps", -7, "schedule.config.total_steps"},
        HostileField{"/scaler/scale", 0, "scaler.scale"},
        HostileField{"/scaler/growth_tracker", -1, "scaler.growth_tracker"},
        HostileField{"/scaler/skipped_steps", kInt64Max, "scaler.skipped_steps"}),
    field_name);

INSTANTIATE_TEST_SUITE_P(
    Configuration, HostileStateField,
    ::testing::Values(
        HostileField{"/config/batch_size", 0, "config.batch_size"},
        HostileField{"/config/batch_size", "64", "config.batch_size"},
        HostileField{"/config/accumulate", -2, "config.accumulate"},
        HostileField{"/config/world_size", 0, "config.world_size"},
        HostileField{"/config/input_shape", json({-3, 28, 28}), "config.input_shape[0]"},
        HostileField{"/config/input_shape", json({3, std::int64_t{1} << 40, 28}),
                     "config.input_shape[1]"},
        HostileField{"/config/input_shape", json({3, 4096}), "config.input_shape"},
        // The project normalises: predictions without its statistics would see raw pixels.
        HostileField{"/config/mean", json::array(), "config.mean"},
        HostileField{"/config/std", json({0.25, 0.25}), "config.std"},
        HostileField{"/config/std", json({0.25, 0.0, 0.25}), "config.std[1]"},
        HostileField{"/config/mean", json({0.5, "x", 0.5}), "config.mean[1]"},
        HostileField{"/config/class_names", json({"cat", 7}), "config.class_names[1]"},
        // Segmentation's class colours: each [red, green, blue] in 0..255, never wrapped.
        HostileField{"/config/class_colours", json({{0, 0, 0}, {300, 0, 0}}),
                     "config.class_colours[1]"},
        HostileField{"/config/class_colours", json({{0, 0}}), "config.class_colours[0]"},
        HostileField{"/config/class_colours", "red", "config.class_colours"},
        HostileField{"/config/pretrained_lr_multiplier", 1e9, "config.pretrained_lr_multiplier"},
        HostileField{"/config/project/training/epochs", -5, "config.project.training.epochs"},
        HostileField{"/metrics/best_accuracy", "high", "metrics.best_accuracy"}),
    field_name);

TEST(CheckpointState, WhatTheTrainerWritesReadsBack) {
  Result<CheckpointState> read = checkpoint_state_from_json(valid_state(), kFile);
  ASSERT_TRUE(read.ok()) << read.error().describe();
  EXPECT_EQ(read.value().global_step, 117);
}

TEST(CheckpointState, AnOlderCheckpointWithoutTheNewerFieldsStillReads) {
  // Before data-parallel runs and fine-tuning: no world_size, no pretrained_*; a project that
  // does not normalise leaves mean and std empty.
  json state = valid_state();
  json& config = state["config"];
  for (const char* key : {"world_size", "pretrained_blocks", "pretrained_lr_multiplier"}) {
    config.erase(key);
  }
  config["project"]["dataset"]["normalize"] = false;
  config["mean"] = json::array();
  config["std"] = json::array();
  EXPECT_TRUE(checkpoint_state_from_json(state, kFile).ok());
  config["project"] = "{\"format\": \"convstudio-project\"}";  // the oldest: the project as text
  EXPECT_TRUE(checkpoint_state_from_json(state, kFile).ok());
}

TEST(CheckpointState, StateFilesOfEarlierRunsStillRead) {
  for (const char* seed : {"state.json", "state-csv-run.json"}) {
    std::ifstream file(std::string(CONVSTUDIO_STATE_SEEDS) + "/" + seed);
    ASSERT_TRUE(file) << seed;
    Result<CheckpointState> read = checkpoint_state_from_json(json::parse(file), seed);
    EXPECT_TRUE(read.ok()) << read.error().describe();
  }
}

TEST(CheckpointState, InputShapeRangesAreTheInputBlocks) {
  const BlockSpec* input = LayerCatalog::instance().find("Input");
  ASSERT_NE(input, nullptr);
  EXPECT_EQ(input->find_param("channels")->max, static_cast<double>(kMaxCheckpointInputChannels));
  EXPECT_EQ(input->find_param("height")->max, static_cast<double>(kMaxCheckpointInputSide));
  EXPECT_EQ(input->find_param("width")->max, static_cast<double>(kMaxCheckpointInputSide));
}

TEST(CheckpointState, ATruncatedRandomStateIsRefusedAtItsField) {
  RngState state = capture_rng_state();
  state.cpu_generator = state.cpu_generator.substr(0, 2);
  const std::optional<Error> problem = restore_rng_state(state);
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->field, "rng.cpu_generator");
  EXPECT_FALSE(restore_rng_state(capture_rng_state()).has_value());
}

}  // namespace
}  // namespace convstudio
