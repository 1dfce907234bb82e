// The study steps the CLI and the studio share: a drawn trial is queued with the study as its
// sweep or refused by name before it trains, and the best trial is the one with the best score.

#include "convstudio/runs/study_trials.h"

#include <gtest/gtest.h>

#include "convstudio/model/template_library.h"
#include "convstudio/runs/run_comparison.h"
#include "convstudio/runs/run_history.h"
#include "convstudio/runs/run_recorder.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {

StudyPlan lenet5_study() {
  StudyPlan plan;
  plan.id = "study-1";
  plan.sampler = StudySampler::Random;
  plan.seed = 7;
  plan.trials = 4;
  plan.spaces = {parse_study_space("lr=log:1e-4..1").value()};
  plan.base.graph =
      *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
  return plan;
}

TEST(StudyTrials, ADrawnTrialIsARunOfTheStudyWithItsValues) {
  const StudyPlan plan = lenet5_study();
  const DrawnStudyTrial drawn = draw_next_study_trial(plan);
  EXPECT_EQ(drawn.trial.state, StudyTrialState::Queued);
  ASSERT_TRUE(drawn.run);
  EXPECT_EQ(drawn.run->sweep, "study-1");
  EXPECT_EQ(drawn.run->label, drawn.trial.label);
  ASSERT_EQ(drawn.trial.values.size(), 1u);
  // Applied as the label shows it (six significant digits).
  EXPECT_NEAR(drawn.run->project.training.optimizer.lr, drawn.trial.values[0],
              1e-5 * drawn.trial.values[0]);
  // The same plan draws the same trial: a resumed study repeats it.
  EXPECT_EQ(draw_next_study_trial(plan).trial, drawn.trial);
}

TEST(StudyTrials, ATrialOverALimitIsRefusedAndNotQueued) {
  StudyPlan plan = lenet5_study();
  plan.constraints.max_params = 1000;  // lenet5 has about 61 k
  const DrawnStudyTrial drawn = draw_next_study_trial(plan);
  EXPECT_EQ(drawn.trial.state, StudyTrialState::Refused);
  EXPECT_FALSE(drawn.run);
  EXPECT_NE(drawn.trial.refusal.find("--max-params"), std::string::npos) << drawn.trial.refusal;
}

TEST(StudyTrials, TheBestTrialHasTheBestScoreAndItsSettings) {
  StudyPlan plan = lenet5_study();
  EXPECT_FALSE(best_study_trial(plan));
  for (double lr : {0.1, 0.01, 0.001}) {
    StudyTrial trial;
    trial.values = {lr};
    trial.state = StudyTrialState::Finished;
    plan.drawn.push_back(trial);
  }
  plan.drawn[0].score = 0.7;
  plan.drawn[1].score = 0.9;
  plan.drawn[2].state = StudyTrialState::Failed;
  ASSERT_EQ(best_study_trial(plan), 1u);
  Result<Project> best = study_trial_project(plan, 1);
  ASSERT_TRUE(best.ok());
  EXPECT_DOUBLE_EQ(best.value().training.optimizer.lr, 0.01);
  EXPECT_EQ(best_study_project_file("/p/net.convstudio", "study-1"),
            std::filesystem::path("/p/net.study-1.best.convstudio"));
}

TEST(StudyTrials, AnEndedEntryIsRecordedAndAStoppedOneIsNot) {
  StudyTrial trial;
  record_study_trial_end(trial, QueuedRunState::Queued, "");
  EXPECT_EQ(trial.state, StudyTrialState::Queued);
  record_study_trial_end(trial, QueuedRunState::Cancelled, "");
  EXPECT_EQ(trial.state, StudyTrialState::Failed);
  StudyTrial gone;
  record_study_trial_end(gone, std::nullopt, "");
  EXPECT_EQ(gone.state, StudyTrialState::Failed);
}

TEST(StudyTrials, AStoppedRunItsFolderCallsPrunedIsAPrunedTrialWithItsBestAccuracy) {
  const auto folder = testing::scratch_folder("run");
  {
    RunRecorder recorder(folder, lenet5_study().base);
    for (const auto& [step, accuracy] : {std::pair{10, 0.625}, std::pair{20, 0.5}}) {
      EpochMetrics validation;
      validation.step = step;
      validation.val_accuracy = accuracy;
      recorder.on_epoch(validation);
    }
    recorder.on_state(RunState::Cancelled, "");
    recorder.record_pruned("pruned by asha at step 20 (validation accuracy 0.5000)");
    recorder.finish({{"steps", 20}, {"val_accuracy", 0.5}});
  }
  const std::optional<RecordedRun> run = load_recorded_run(folder, RunDetail::Summary);
  ASSERT_TRUE(run);
  EXPECT_EQ(run_state_word(run->state), "pruned");  // the comparison's and the table's word
  StudyTrial trial;
  record_study_trial_end(trial, QueuedRunState::Cancelled, folder.string());
  EXPECT_EQ(trial.state, StudyTrialState::Pruned);
  EXPECT_EQ(trial.score, 0.625);
  EXPECT_EQ(trial.refusal, "pruned by asha at step 20 (validation accuracy 0.5000)");
}

}  // namespace
}  // namespace convstudio
