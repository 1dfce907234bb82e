// The comparison table shows what differs between runs and what they achieved; a run folder
// must carry everything it needs (settings, graph version, sweep, figures).

#include "convstudio/runs/run_comparison.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "convstudio/model/template_library.h"
#include "convstudio/runs/run_origin.h"
#include "convstudio/runs/run_recorder.h"
#include "convstudio/runs/training_events.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {
namespace fs = std::filesystem;

Graph lenet() {
  return *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
}

RecordedRun run_with(const std::string& name, double lr, std::int64_t batch_size) {
  RecordedRun run;
  run.name = name;
  run.state = "finished";
  Project project;
  project.graph = lenet();
  project.training.optimizer.lr = lr;
  project.training.batch_size = batch_size;
  run.project = project;
  run.graph_version = graph_version(project.graph);
  return run;
}

TEST(RunComparison, TheGraphVersionIgnoresPositionsButNotTheNetwork) {
  Graph moved = lenet();
  moved.set_position("conv1", 900, 900);
  EXPECT_EQ(graph_version(moved), graph_version(lenet()));
  EXPECT_EQ(graph_version(lenet()).size(), 8u);
  Graph changed = lenet();
  changed.set_param("conv1", "out_channels", ParamValue(std::int64_t{12}));
  EXPECT_NE(graph_version(changed), graph_version(lenet()));
}

TEST(RunComparison, OnlyTheSettingsThatDifferAreColumns) {
  std::vector<RecordedRun> runs = {run_with("a", 0.01, 64), run_with("b", 0.003, 64),
                                   run_with("c", 0.01, 64)};
  runs[2].project->training.memory_format =
      MemoryFormat::Nchw;  // settings files write only when set
  runs[2].project->dataset.augmentation.random_erasing = 0.5;
  const RunComparison comparison = compare_runs(runs);
  EXPECT_EQ(comparison.settings, (std::vector<std::string>{"lr", "memory_format",
                                                           "dataset.augmentation.random_erasing"}));
  ASSERT_EQ(comparison.rows.size(), 3u);
  EXPECT_EQ(comparison.rows[0].settings, (std::vector<std::string>{"0.01", "auto", "0.0"}));
  EXPECT_EQ(comparison.rows[1].settings, (std::vector<std::string>{"0.003", "auto", "0.0"}));
  EXPECT_EQ(comparison.rows[2].settings, (std::vector<std::string>{"0.01", "nchw", "0.5"}));
  EXPECT_EQ(comparison.rows[1].run, "b");
  EXPECT_EQ(comparison.rows[1].graph_version, graph_version(lenet()));
  EXPECT_TRUE(
      compare_runs({run_with("same", 0.01, 64), run_with("again", 0.01, 64)}).settings.empty());
}

TEST(RunComparison, TheBestAccuracyIsTheHighestEpoch) {
  RecordedRun run = run_with("a", 0.01, 64);
  run.figures.val_accuracy = 0.7;
  for (double accuracy : {0.5, 0.8, 0.7}) {
    RecordedEpoch epoch;
    epoch.val_accuracy = accuracy;
    run.epochs.push_back(epoch);
  }
  const ComparisonRow row = compare_runs({run}).rows.front();
  EXPECT_EQ(row.final_val_accuracy, 0.7);
  EXPECT_EQ(row.best_val_accuracy, 0.8);
}

TEST(RunComparison, CsvQuotesFieldsThatNeedIt) {
  std::vector<RecordedRun> runs = {run_with("a", 0.01, 64), run_with("b", 0.003, 128)};
  runs[0].label = "lr=0.01, batch_size=64";
  runs[1].label = "say \"hi\"";
  runs[0].figures.val_accuracy = 0.5;
  runs[0].figures.peak_memory_bytes = 1024;
  const std::string csv = comparison_csv(compare_runs(runs));
  EXPECT_EQ(csv,
            "run,state,sweep,label,graph_version,batch_size,lr,final_val_accuracy,"
            "final_val_loss,best_val_accuracy,wall_seconds,samples_per_second,peak_memory_bytes,"
            "steps,final_val_balanced_accuracy,final_val_macro_f1\r\n"
            "a,finished,,\"lr=0.01, batch_size=64\"," +
                graph_version(lenet()) +
                ",64,0.01,0.5,,0.5,,,1024,0,,\r\n"
                "b,finished,,\"say \"\"hi\"\"\"," +
                graph_version(lenet()) + ",128,0.003,,,,,,0,0,,\r\n");
}

// Issue 32: the table said "stopped" where its CSV said "cancelled"; one word per state, the
// engine's run_state_word, which the studio translates.
TEST(RunComparison, AStoppedRunReadsStoppedInTheCsvAsInTheTable) {
  std::vector<RecordedRun> runs = {run_with("a", 0.01, 64), run_with("b", 0.003, 64)};
  runs[1].state = to_string(RunState::Cancelled);
  const std::string csv = comparison_csv(compare_runs(runs));
  EXPECT_NE(csv.find("\r\nb,stopped,"), std::string::npos) << csv;
  EXPECT_EQ(csv.find("cancelled"), std::string::npos) << csv;
  EXPECT_EQ(run_state_word("cancelled"), "stopped");
  EXPECT_EQ(run_state_word("finished"), "finished");
  EXPECT_EQ(run_state_word("failed"), "failed");
}

TEST(RunComparison, ARunFolderKeepsItsSweepGraphVersionAndFigures) {
  const fs::path folder = testing::scratch_folder("recorded") / "run";
  Project project;
  project.graph = lenet();
  project.training.optimizer.lr = 0.003;
  {
    RunRecorder recorder(folder, project);
    ASSERT_TRUE(recorder.ok()) << recorder.problem();
    recorder.record_queue_entry("7", "20261124-011500", "lr=0.003");
    recorder.finish({{"val_accuracy", 0.75},
                     {"val_loss", nullptr},
                     {"samples_per_second", 1200.5},
                     {"peak_memory_bytes", 4096u},
                     {"steps", 40}});
  }
  const std::optional<RecordedRun> run = load_recorded_run(folder, RunDetail::Summary);
  ASSERT_TRUE(run.has_value());
  EXPECT_EQ(run->queued_run, "7");
  EXPECT_EQ(run->sweep, "20261124-011500");
  EXPECT_EQ(run->label, "lr=0.003");
  EXPECT_EQ(run->graph_version, graph_version(project.graph));
  ASSERT_TRUE(run->project.has_value());
  EXPECT_EQ(*run->project, project);
  EXPECT_EQ(run->figures.val_accuracy, 0.75);
  EXPECT_EQ(run->figures.val_loss, std::nullopt);  // not measured
  EXPECT_EQ(run->figures.samples_per_second, 1200.5);
  EXPECT_EQ(run->figures.peak_memory_bytes, 4096u);
  EXPECT_EQ(run->figures.steps, 40);
  ASSERT_TRUE(run->figures.wall_seconds.has_value());
  EXPECT_GE(*run->figures.wall_seconds, 0.0);
}

TEST(RunComparison, WhereRunsCameFromIsAColumnWhereItDiffers) {
  std::vector<RecordedRun> runs = {run_with("a", 0.01, 64), run_with("b", 0.01, 64),
                                   run_with("old", 0.01, 64)};
  RunOrigin origin;
  origin.host = "alpha";
  origin.data_fingerprint = "00000000000000aa";
  runs[0].origin = origin_facts(run_origin_json(origin));
  origin.data_fingerprint = "00000000000000bb";
  runs[1].origin = origin_facts(run_origin_json(origin));
  // "old" was recorded before runs said where they came from: it neither differs nor agrees.
  const RunComparison comparison = compare_runs(runs);
  EXPECT_EQ(comparison.origin, (std::vector<std::string>{"data_fingerprint"}));
  EXPECT_EQ(comparison.rows[0].origin, (std::vector<std::string>{"00000000000000aa"}));
  EXPECT_EQ(comparison.rows[1].origin, (std::vector<std::string>{"00000000000000bb"}));
  EXPECT_EQ(comparison.rows[2].origin, (std::vector<std::string>{""}));
  const std::string csv = comparison_csv(comparison);
  EXPECT_NE(csv.find(",final_val_macro_f1,origin.data_fingerprint\r\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",00000000000000bb\r\n"), std::string::npos) << csv;
}

}  // namespace
}  // namespace convstudio
