#include "convstudio/runs/trained_models.h"

#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "convstudio/model/project_file.h"
#include "convstudio/model/template_library.h"
#include "convstudio/runs/run_recorder.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {
namespace fs = std::filesystem;

Graph lenet() {
  return *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
}

// A run folder as the recorder writes it, with checkpoints whose state.json holds `graph`, as
// the trainer writes them (only the parts the torch-free reader looks at).
void make_run(const fs::path& project, const std::string& name, const std::string& state,
              const Graph& graph, std::initializer_list<const char*> checkpoints, double accuracy) {
  const fs::path run = runs_folder(project) / name;
  fs::create_directories(run);
  Project trained;
  trained.graph = graph;
  std::ofstream(run / "run.json") << nlohmann::json{
      {"format", "convstudio-run"},
      {"state", state}}.dump();
  for (const char* checkpoint : checkpoints) {
    fs::create_directories(run / checkpoint);
    const nlohmann::json json = {
        {"config", {{"project", nlohmann::json::parse(ProjectFile::serialize(trained))}}},
        {"metrics",
         {{"best_accuracy", accuracy},
          {"epochs", nlohmann::json::array({{{"val_accuracy", accuracy - 0.01}}})}}}};
    std::ofstream(run / checkpoint / "state.json") << json.dump();
  }
}

TEST(TrainedModels, TheSameNetworkMovedAroundStillFits) {
  Graph open = lenet();
  open.set_position("conv1", 500, 700);
  EXPECT_FALSE(network_difference(lenet(), open));
}

TEST(TrainedModels, ADefaultWrittenOutEqualsTheDefaultLeftOut) {
  Graph trained = lenet();
  Graph open = lenet();
  Block block = *open.find_block("conv1");
  const ParamValue stride =
      block.params.count("stride") ? block.params.at("stride") : ParamValue(std::int64_t{1});
  open.set_param("conv1", "stride", stride);
  EXPECT_FALSE(network_difference(trained, open));
}

TEST(TrainedModels, AChangedParameterIsNamed) {
  Graph open = lenet();
  open.set_param("conv1", "out_channels", std::int64_t{16});
  const auto difference = network_difference(lenet(), open);
  ASSERT_TRUE(difference);
  EXPECT_EQ(difference->english(),
            "it was trained on a different network: out_channels of block conv1 is 6 there and "
            "16 here");
}

TEST(TrainedModels, AnAddedOrMissingBlockIsNamed) {
  Graph open = lenet();
  const std::string extra = open.add_block("Dropout");
  auto difference = network_difference(lenet(), open);
  ASSERT_TRUE(difference);
  EXPECT_NE(difference->english().find("block " + extra + " (Dropout) of this model is not in it"),
            std::string::npos)
      << difference->english();
  difference = network_difference(open, lenet());
  ASSERT_TRUE(difference);
  EXPECT_NE(difference->english().find("this model has no block " + extra), std::string::npos);
}

TEST(TrainedModels, ForeignCheckpointsAreNeverOffered) {
  const fs::path project = testing::scratch_folder("foreign") / "p.convstudio";
  Graph other = lenet();
  other.set_param("fc1", "out_features", std::int64_t{64});
  make_run(project, "20260101-100000", "finished", lenet(), {"best.ckpt", "last.ckpt"}, 0.8);
  make_run(project, "20260101-110000", "finished", other, {"best.ckpt", "last.ckpt"}, 0.9);

  const std::vector<RunCheckpoint> fitting = fitting_checkpoints(project, lenet());
  ASSERT_EQ(fitting.size(), 2u);
  for (const RunCheckpoint& checkpoint : fitting) EXPECT_EQ(checkpoint.run, "20260101-100000");
  const auto why =
      checkpoint_mismatch(runs_folder(project) / "20260101-110000" / "best.ckpt", lenet());
  ASSERT_TRUE(why);
  EXPECT_NE(why->english().find("different network"), std::string::npos);
}

TEST(TrainedModels, DefaultIsTheBestOfTheNewestFinishedRun) {
  const fs::path project = testing::scratch_folder("default") / "p.convstudio";
  make_run(project, "20260101-100000", "finished", lenet(), {"best.ckpt", "last.ckpt"}, 0.885);
  make_run(project, "20260101-110000", "cancelled", lenet(), {"last.ckpt"}, 0.5);

  const auto chosen = default_checkpoint(fitting_checkpoints(project, lenet()));
  ASSERT_TRUE(chosen);
  EXPECT_EQ(chosen->run, "20260101-100000");
  EXPECT_TRUE(chosen->best);
  EXPECT_DOUBLE_EQ(chosen->val_accuracy, 0.885);
  EXPECT_EQ(chosen->folder, runs_folder(project) / "20260101-100000" / "best.ckpt");
}

TEST(TrainedModels, WithoutAFinishedRunTheNewestCheckpointServes) {
  const fs::path project = testing::scratch_folder("stopped") / "p.convstudio";
  make_run(project, "20260101-100000", "failed", lenet(), {"last.ckpt"}, 0.3);
  make_run(project, "20260101-110000", "cancelled", lenet(), {"last.ckpt"}, 0.5);
  const auto chosen = default_checkpoint(fitting_checkpoints(project, lenet()));
  ASSERT_TRUE(chosen);
  EXPECT_EQ(chosen->run, "20260101-110000");
  EXPECT_FALSE(chosen->best);
  EXPECT_DOUBLE_EQ(chosen->val_accuracy, 0.49);
}

TEST(TrainedModels, AnUnreadableCheckpointSaysWhy) {
  const fs::path folder = testing::scratch_folder("broken") / "x.ckpt";
  fs::create_directories(folder);
  const auto why = checkpoint_mismatch(folder, lenet());
  ASSERT_TRUE(why);
  EXPECT_NE(why->english().find("state.json is missing"), std::string::npos) << why->english();
}

// Issue 32, item 6: after an edit, the project's own runs are an earlier version of its network,
// named by their first difference, and that version can be opened again.
TEST(TrainedModels, ARunOfAnEarlierVersionNamesTheDifferenceAndKeepsItsProject) {
  const fs::path project = testing::scratch_folder("earlier") / "p.convstudio";
  make_run(project, "20260101-100000", "finished", lenet(), {"best.ckpt", "last.ckpt"}, 0.8);
  Graph edited = lenet();
  edited.set_param("conv1", "out_channels", std::int64_t{8});
  EXPECT_TRUE(fitting_checkpoints(project, edited).empty());

  const auto earlier = newest_earlier_version(project, edited);
  ASSERT_TRUE(earlier);
  EXPECT_EQ(earlier->run, "20260101-100000");
  EXPECT_EQ(earlier->folder, runs_folder(project) / "20260101-100000" / "best.ckpt");
  const auto difference = earlier_version_difference(earlier->folder, edited);
  ASSERT_TRUE(difference);
  EXPECT_EQ(difference->english(),
            "trained on an earlier version of this network (conv1 had out_channels 6; it is 8 "
            "now)");
  const auto trained = checkpoint_project(earlier->folder);
  ASSERT_TRUE(trained);
  EXPECT_FALSE(network_difference(trained->graph, lenet()));

  // The network as the run trained it: nothing earlier to offer.
  EXPECT_FALSE(newest_earlier_version(project, lenet()));
  EXPECT_FALSE(earlier_version_difference(earlier->folder, lenet()));
}

}  // namespace
}  // namespace convstudio
