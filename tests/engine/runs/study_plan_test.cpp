// A study's plan survives the process: what was drawn, how each trial ended, and which study of
// the project is still unfinished.

#include "convstudio/runs/study_plan.h"

#include <fstream>

#include <gtest/gtest.h>

#include "convstudio/model/template_library.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {

StudyPlan plan() {
  StudyPlan p;
  p.id = "20261127-030000";
  p.sampler = StudySampler::Tpe;
  p.seed = 12345678901234ULL;
  p.trials = 3;
  p.spaces = {parse_study_space("lr=log:1e-4..1").value(),
              parse_study_space("batch_size=32,64").value()};
  p.constraints.max_params = 1'000'000;
  p.constraints.max_minutes = 2.5;
  p.pruner = {StudyPruner::Asha, 3, 50, 5};
  p.folds = 3;
  p.stratified_folds = true;
  p.base.graph = *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
  p.base.training.epochs = 3;
  p.drawn.push_back({{0.000123456789012345, 1},
                     "lr=0.000123457, batch_size=64",
                     StudyTrialState::Finished,
                     "4",
                     0.8125,
                     "",
                     {}});
  p.drawn.push_back({{0.5, 0},
                     "lr=0.5, batch_size=32",
                     StudyTrialState::Refused,
                     "",
                     {},
                     "3.2 M parameters > --max-params 1 M",
                     {}});
  p.drawn.push_back(
      {{0.01, 0}, "lr=0.01, batch_size=32", StudyTrialState::Queued, "5", {}, "", {}});
  p.drawn.push_back(
      {{0.02, 1}, "lr=0.02, batch_size=64", StudyTrialState::Pruned, "6", 0.5, "", 2});
  p.trials = 4;
  return p;
}

TEST(StudyPlan, ReadBackExactly) {
  const auto folder = testing::scratch_folder("plan");
  const auto file = study_plan_file(folder / "p.convstudio", "s1");
  ASSERT_FALSE(save_study_plan(file, plan()));
  Result<StudyPlan> read = load_study_plan(file);
  ASSERT_TRUE(read.ok()) << read.error().describe();
  EXPECT_EQ(read.value(), plan());  // values to the last bit: a resumed TPE draws the same
}

TEST(StudyPlan, ObservationsAreTheEndedTrials) {
  // A plain study's: a k-fold study learns from its settings' means (study_fold_groups_test).
  StudyPlan plain = plan();
  plain.folds = 0;
  const auto observed = study_observations(plain);
  ASSERT_EQ(observed.size(), 3u);
  EXPECT_EQ(observed[0].score, 0.8125);
  EXPECT_FALSE(observed[1].score);    // refused: a bad trial
  EXPECT_EQ(observed[2].score, 0.5);  // pruned: judged by its best score before it stopped
}

TEST(StudyPlan, TheUnfinishedStudyIsFound) {
  const auto folder = testing::scratch_folder("unfinished");
  const auto project = folder / "p.convstudio";
  EXPECT_FALSE(unfinished_study(project));
  StudyPlan done = plan();
  done.id = "20261127-020000";
  done.drawn[2].state = StudyTrialState::Finished;
  ASSERT_FALSE(save_study_plan(study_plan_file(project, done.id), done));
  EXPECT_FALSE(unfinished_study(project));
  ASSERT_FALSE(save_study_plan(study_plan_file(project, plan().id), plan()));
  EXPECT_EQ(unfinished_study(project), plan().id);
}

TEST(StudyPlan, AMistakeNamesItsField) {
  const auto folder = testing::scratch_folder("bad");
  const auto file = folder / "s.json";
  std::ofstream(file) << R"({"format": "convstudio-study", "version": 1, "id": "x",
    "sampler": "grid", "seed": 1, "trials": 2, "spaces": [], "constraints": {}, "drawn": []})";
  const Error error = load_study_plan(file).error();
  EXPECT_EQ(error.field, "sampler");
  EXPECT_NE(error.message.find("random nor tpe"), std::string::npos);
}

}  // namespace
}  // namespace convstudio
