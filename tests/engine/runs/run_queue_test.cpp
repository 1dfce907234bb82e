// The run queue outlives the studio: it must read back exactly as saved, keep its rules for
// reordering and removing, and find where an interrupted run resumes.

#include "convstudio/runs/run_queue.h"

#include <gtest/gtest.h>

#include <fstream>

#include "convstudio/model/template_library.h"
#include "convstudio/runs/run_recorder.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {
namespace fs = std::filesystem;

QueuedRun entry(const std::string& label, QueuedRunState state = QueuedRunState::Queued) {
  QueuedRun run;
  run.label = label;
  run.sweep = "20261124-011500";
  run.project.graph =
      *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
  run.project.training.optimizer.lr = 0.003;
  run.state = state;
  return run;
}

std::vector<std::string> labels(const RunQueue& queue) {
  std::vector<std::string> out;
  for (const QueuedRun& run : queue.runs) out.push_back(run.label);
  return out;
}

TEST(RunQueue, AProjectWithoutAQueueHasAnEmptyOne) {
  const fs::path project = testing::scratch_folder("empty") / "p.convstudio";
  Result<RunQueue> queue = load_run_queue(project);
  ASSERT_TRUE(queue.ok());
  EXPECT_TRUE(queue.value().runs.empty());
}

TEST(RunQueue, SavedQueueReadsBackTheSame) {
  const fs::path project = testing::scratch_folder("round") / "p.convstudio";
  RunQueue queue;
  queue.paused = true;
  add_to_queue(queue, {entry("lr=0.01"), entry("lr=0.003", QueuedRunState::Running)});
  queue.runs[1].run_folder = "/somewhere/p.convstudio.runs/20261124-011501";
  queue.runs[1].project.training.amp = AmpMode::Bf16;
  ASSERT_FALSE(save_run_queue(project, queue));
  EXPECT_EQ(run_queue_file(project), fs::path(project.string() + ".runs") / "queue.json");
  Result<RunQueue> read = load_run_queue(project);
  ASSERT_TRUE(read.ok()) << read.error().describe();
  EXPECT_EQ(read.value(), queue);
  // Written atomically: no temporary is left beside it.
  for (const auto& file : fs::directory_iterator(run_queue_file(project).parent_path())) {
    EXPECT_EQ(file.path().filename(), "queue.json");
  }
}

TEST(RunQueue, ABadEntryIsNamedWithItsFile) {
  const fs::path project = testing::scratch_folder("bad") / "p.convstudio";
  RunQueue queue;
  add_to_queue(queue, {entry("a"), entry("b")});
  ASSERT_FALSE(save_run_queue(project, queue));
  std::ifstream in(run_queue_file(project));
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  in.close();
  const auto second = text.rfind("\"state\": \"queued\"");
  text.replace(second, 17, "\"state\": \"sleeping\"");
  std::ofstream(run_queue_file(project)) << text;
  Result<RunQueue> read = load_run_queue(project);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().file, run_queue_file(project).string());
  EXPECT_EQ(read.error().field, "runs[1].state");
  EXPECT_NE(read.error().message.find("sleeping"), std::string::npos);
}

TEST(RunQueue, IdsAreNeverGivenTwice) {
  RunQueue queue;
  const auto first = add_to_queue(queue, {entry("a"), entry("b")});
  ASSERT_TRUE(remove_queued_run(queue, first[1]));
  const auto second = add_to_queue(queue, {entry("c")});
  EXPECT_EQ(first, (std::vector<std::string>{"1", "2"}));
  EXPECT_EQ(second, (std::vector<std::string>{"3"}));
}

TEST(RunQueue, OnlyWaitingRunsMoveAndNotPastTheEnds) {
  RunQueue queue;
  add_to_queue(queue, {entry("done", QueuedRunState::Finished), entry("a"), entry("b")});
  EXPECT_FALSE(move_queued_run(queue, "1", +1));  // finished: stays where it ran
  EXPECT_FALSE(move_queued_run(queue, "3", +1));  // already last
  EXPECT_FALSE(move_queued_run(queue, "nine", -1));
  EXPECT_TRUE(move_queued_run(queue, "3", -1));
  EXPECT_EQ(labels(queue), (std::vector<std::string>{"done", "b", "a"}));
  EXPECT_TRUE(move_queued_run(queue, "3", -1));
  EXPECT_EQ(labels(queue), (std::vector<std::string>{"b", "done", "a"}));
  EXPECT_FALSE(move_queued_run(queue, "3", -1));  // already first
}

TEST(RunQueue, TheRunningEntryCannotBeRemoved) {
  RunQueue queue;
  add_to_queue(queue, {entry("a", QueuedRunState::Running), entry("b")});
  EXPECT_FALSE(remove_queued_run(queue, "1"));
  EXPECT_TRUE(remove_queued_run(queue, "2"));
  EXPECT_FALSE(remove_queued_run(queue, "2"));
  EXPECT_EQ(labels(queue), (std::vector<std::string>{"a"}));
}

TEST(RunQueue, AnInterruptedRunComesBeforeTheWaitingOnesUnlessPaused) {
  RunQueue queue;
  add_to_queue(queue, {entry("done", QueuedRunState::Finished), entry("waiting"),
                       entry("interrupted", QueuedRunState::Running)});
  EXPECT_EQ(next_queued_run(queue), std::optional<std::size_t>(2));
  ASSERT_TRUE(mark_queued_run(queue, "3", QueuedRunState::Cancelled));
  EXPECT_EQ(next_queued_run(queue), std::optional<std::size_t>(1));
  queue.paused = true;
  EXPECT_EQ(next_queued_run(queue), std::nullopt);
  queue.paused = false;
  ASSERT_TRUE(mark_queued_run(queue, "2", QueuedRunState::Finished, "/runs/x"));
  EXPECT_EQ(queue.runs[1].run_folder, "/runs/x");
  EXPECT_EQ(next_queued_run(queue), std::nullopt);
  EXPECT_FALSE(mark_queued_run(queue, "nine", QueuedRunState::Failed));
}

TEST(RunQueue, TheNextRunOfOneSweepSkipsOtherEntries) {
  RunQueue queue;
  add_to_queue(queue, {entry("other"), entry("mine")});
  queue.runs[0].sweep = "another-sweep";
  EXPECT_EQ(next_queued_run(queue, queue.runs[1].sweep), std::optional<std::size_t>(1));
  EXPECT_EQ(next_queued_run(queue), std::optional<std::size_t>(0));
  EXPECT_EQ(next_queued_run(queue, "no-such-sweep"), std::nullopt);
}

TEST(RunQueue, AnInterruptedRunResumesFromItsLastCheckpoint) {
  const fs::path run_folder = testing::scratch_folder("interrupted") / "20261124-011501";
  QueuedRun run = entry("lr=0.01", QueuedRunState::Running);
  EXPECT_EQ(interrupted_run_checkpoint(run), std::nullopt);  // not started
  run.run_folder = run_folder.string();
  fs::create_directories(run_folder);
  EXPECT_EQ(interrupted_run_checkpoint(run), std::nullopt);     // started, no checkpoint yet
  fs::create_directories(run_folder / "last.ckpt.old-a1b2c3");  // a crash mid-swap left it aside
  std::ofstream(run_folder / "last.ckpt.old-a1b2c3" / "state.json") << "{}";
  const auto checkpoint = interrupted_run_checkpoint(run);
  ASSERT_TRUE(checkpoint.has_value());
  EXPECT_EQ(*checkpoint, run_folder / "last.ckpt");
  EXPECT_TRUE(fs::is_regular_file(run_folder / "last.ckpt" / "state.json"));
}

TEST(RunQueue, ARestartMidQueueResumesTheRunThatWasTraining) {
  const fs::path project = testing::scratch_folder("restart") / "p.convstudio";
  const fs::path run_folder = runs_folder(project) / "20261124-011501";
  {
    // What the program that died left: its entry Running, a checkpoint in its folder.
    RunQueue queue;
    add_to_queue(queue, {entry("lr=0.01", QueuedRunState::Finished),
                         entry("lr=0.003", QueuedRunState::Running), entry("lr=0.001")});
    queue.runs[1].run_folder = run_folder.string();
    fs::create_directories(run_folder / "last.ckpt");
    std::ofstream(run_folder / "last.ckpt" / "state.json") << "{}";
    ASSERT_FALSE(save_run_queue(project, queue));
  }
  Result<RunQueue> loaded = load_run_queue(project);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  const std::optional<std::size_t> next = next_queued_run(loaded.value());
  ASSERT_EQ(next, std::optional<std::size_t>(1));
  EXPECT_EQ(interrupted_run_checkpoint(loaded.value().runs[*next]), run_folder / "last.ckpt");
}

TEST(RunQueue, StatesReadBackFromTheirNames) {
  for (QueuedRunState state :
       {QueuedRunState::Queued, QueuedRunState::Running, QueuedRunState::Finished,
        QueuedRunState::Failed, QueuedRunState::Cancelled}) {
    EXPECT_EQ(parse_queued_run_state(to_string(state)), state);
  }
  EXPECT_EQ(parse_queued_run_state("sleeping"), std::nullopt);
}

}  // namespace
}  // namespace convstudio
