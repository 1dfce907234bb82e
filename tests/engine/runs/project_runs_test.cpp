#include "convstudio/runs/project_runs.h"

#include <gtest/gtest.h>

#include <fstream>

#include "convstudio/runs/run_queue.h"
#include "convstudio/runs/run_recorder.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {
namespace fs = std::filesystem;

// A run folder with one file in it, as the recorder and the trainer leave them.
void make_run(const fs::path& project, const std::string& name, const std::string& text) {
  const fs::path run = runs_folder(project) / name;
  fs::create_directories(run / "last.ckpt");
  std::ofstream(run / "last.ckpt" / "state.json") << text;
}

std::string read(const fs::path& file) {
  std::ifstream in(file);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Issue 32: the data folder named the studio twice (…/ConvStudio/ConvStudio); a new user gets it
// once, while a user whose data is in the doubled folder keeps it there.
TEST(ProjectRuns, DataFolderNamesTheStudioOnceUnlessTheOldDoubledFolderExists) {
  const fs::path user_data = testing::scratch_folder("share");
  EXPECT_EQ(studio_data_folder(user_data), user_data / "ConvStudio");
  fs::create_directories(user_data / "ConvStudio" / "ConvStudio" / "unsaved");
  EXPECT_EQ(studio_data_folder(user_data), user_data / "ConvStudio" / "ConvStudio");
  EXPECT_EQ(studio_data_folder(user_data, "Other"), user_data / "Other");
}

TEST(ProjectRuns, EveryUnsavedProjectGetsItsOwnPlace) {
  const fs::path data = testing::scratch_folder("data");
  const fs::path first = unsaved_project_file(data);
  make_run(first, "20260101-120000", "first");
  const fs::path second = unsaved_project_file(data);
  EXPECT_NE(first, second);
  EXPECT_FALSE(fs::exists(runs_folder(second)));
  EXPECT_EQ(first.parent_path(), data / "unsaved");
  EXPECT_EQ(first.extension(), ".convstudio");
}

// Issue 31: a project closed unsaved leaves its runs in the data folder; these are found again
// (newest first), while a place with no recorded run (or only a half-made folder) is not offered.
TEST(ProjectRuns, UnsavedProjectsWithRunsAreFoundNewestFirst) {
  const fs::path data = testing::scratch_folder("stranded");
  EXPECT_TRUE(unsaved_projects_with_runs(data).empty());  // no unsaved folder at all
  const fs::path older = data / "unsaved" / "20260101-120000.convstudio";
  const fs::path newer = data / "unsaved" / "20260102-120000.convstudio";
  const fs::path empty = data / "unsaved" / "20260103-120000.convstudio";
  for (const fs::path& project : {older, newer}) {
    fs::create_directories(runs_folder(project) / "20260101-120001");
    std::ofstream(runs_folder(project) / "20260101-120001" / "run.json") << "{}";
  }
  make_run(empty, "20260103-120001", "a checkpoint but no run.json");
  std::ofstream(data / "unsaved" / "stray.txt") << "not a runs folder";

  EXPECT_EQ(unsaved_projects_with_runs(data), (std::vector<fs::path>{newer, older}));
}

TEST(ProjectRuns, SavingAnUnsavedProjectMovesItsRuns) {
  const fs::path folder = testing::scratch_folder("move");
  const fs::path unsaved = unsaved_project_file(folder / "data");
  make_run(unsaved, "20260101-120000", "a");
  make_run(unsaved, "20260101-130000", "b");
  const fs::path saved = folder / "mine.convstudio";

  const CarriedRuns carried = carry_runs(unsaved, saved, CarryMode::Move);
  ASSERT_FALSE(carried.error) << carried.error->english();
  EXPECT_EQ(carried.runs, 2);
  EXPECT_EQ(read(runs_folder(saved) / "20260101-130000" / "last.ckpt" / "state.json"), "b");
  EXPECT_FALSE(fs::exists(runs_folder(unsaved)));
}

TEST(ProjectRuns, SaveAsOfASavedProjectCopiesAndRenamesClashingRuns) {
  const fs::path folder = testing::scratch_folder("copy");
  const fs::path old_file = folder / "old.convstudio";
  const fs::path new_file = folder / "new.convstudio";
  make_run(old_file, "20260101-120000", "old run");
  make_run(new_file, "20260101-120000", "a run of the file saved over");

  const CarriedRuns carried = carry_runs(old_file, new_file, CarryMode::Copy);
  ASSERT_FALSE(carried.error) << carried.error->english();
  EXPECT_EQ(carried.runs, 1);
  // The old project keeps its run; the new one has it beside its own, under a free name.
  EXPECT_EQ(read(runs_folder(old_file) / "20260101-120000" / "last.ckpt" / "state.json"),
            "old run");
  EXPECT_EQ(read(runs_folder(new_file) / "20260101-120000" / "last.ckpt" / "state.json"),
            "a run of the file saved over");
  EXPECT_EQ(read(runs_folder(new_file) / "20260101-120000-2" / "last.ckpt" / "state.json"),
            "old run");
}

TEST(ProjectRuns, TheRunQueueFollowsItsRunsWhenAnUnsavedProjectIsSaved) {
  const fs::path folder = testing::scratch_folder("queue");
  const fs::path unsaved = unsaved_project_file(folder / "data");
  const fs::path saved = folder / "mine.convstudio";
  make_run(unsaved, "20260101-120000", "finished");
  make_run(unsaved, "20260101-130000", "training");
  make_run(saved, "20260101-120000", "a run of the file saved over");
  RunQueue queue;
  QueuedRun done, training, waiting;
  done.label = "lr=0.1";
  done.state = QueuedRunState::Finished;
  done.run_folder = (runs_folder(unsaved) / "20260101-120000").string();
  training.label = "lr=0.01";
  training.state = QueuedRunState::Running;
  training.run_folder = (runs_folder(unsaved) / "20260101-130000").string();
  waiting.label = "lr=0.001";
  add_to_queue(queue, {done, training, waiting});
  ASSERT_FALSE(save_run_queue(unsaved, queue));

  // The run still training stays behind until it ends, then follows on its own.
  CarriedRuns carried =
      carry_runs(unsaved, saved, CarryMode::Move, runs_folder(unsaved) / "20260101-130000");
  ASSERT_FALSE(carried.error) << carried.error->english();
  EXPECT_FALSE(fs::exists(run_queue_file(unsaved)));
  Result<RunQueue> moved = load_run_queue(saved);
  ASSERT_TRUE(moved.ok()) << moved.error().describe();
  ASSERT_EQ(moved.value().runs.size(), 3u);
  EXPECT_EQ(moved.value().runs[0].run_folder, (runs_folder(saved) / "20260101-120000-2").string());
  EXPECT_EQ(moved.value().runs[0].state, QueuedRunState::Finished);
  EXPECT_EQ(moved.value().runs[1].run_folder, training.run_folder);
  EXPECT_EQ(moved.value().runs[2].label, "lr=0.001");

  carried = carry_run(runs_folder(unsaved) / "20260101-130000", saved, CarryMode::Move);
  ASSERT_FALSE(carried.error) << carried.error->english();
  moved = load_run_queue(saved);
  ASSERT_TRUE(moved.ok());
  EXPECT_EQ(moved.value().runs[1].run_folder, (runs_folder(saved) / "20260101-130000").string());
}

TEST(ProjectRuns, AProjectWithoutRunsCarriesNothing) {
  const fs::path folder = testing::scratch_folder("none");
  const CarriedRuns carried =
      carry_runs(folder / "a.convstudio", folder / "b.convstudio", CarryMode::Move);
  EXPECT_FALSE(carried.error);
  EXPECT_EQ(carried.runs, 0);
  EXPECT_FALSE(fs::exists(runs_folder(folder / "b.convstudio")));
}

TEST(ProjectRuns, NewRunFoldersNeverRepeat) {
  const fs::path project = testing::scratch_folder("runs") / "p.convstudio";
  const fs::path first = new_run_folder(project);
  fs::create_directories(first);
  const fs::path second = new_run_folder(project);
  EXPECT_NE(first, second);
  EXPECT_EQ(first.parent_path(), runs_folder(project));
}

}  // namespace
}  // namespace convstudio
