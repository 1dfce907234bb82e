// Issue 36, k-fold studies: each drawn setting trains one trial per fold (validating on that
// fold, dealt by the study's seed), the sampler and the best trial go by the mean over the folds,
// the refit trial repeats the best setting on the project's own split, and the report's groups
// carry the mean ± std of the folds' final and best validation accuracy.

#include "convstudio/runs/study_fold_groups.h"

#include <gtest/gtest.h>

#include "convstudio/model/template_library.h"
#include "convstudio/runs/study_trials.h"

namespace convstudio {
namespace {

StudyPlan kfold_study(std::int64_t settings, int folds, bool refit) {
  StudyPlan plan;
  plan.id = "study-1";
  plan.sampler = StudySampler::Random;
  plan.seed = 7;
  plan.folds = folds;
  plan.stratified_folds = true;
  plan.refit = refit;
  plan.trials = study_trial_count(settings, folds, refit);
  plan.spaces = {parse_study_space("lr=log:1e-4..1").value()};
  plan.base.graph =
      *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
  plan.base.dataset.validation = ValidationSplit::Fraction;
  return plan;
}

// Draws the next trial as the CLI does and ends it with `score`.
DrawnStudyTrial draw_and_end(StudyPlan& plan, std::optional<double> score) {
  DrawnStudyTrial drawn = draw_next_study_trial(plan);
  StudyTrial trial = drawn.trial;
  trial.queue_id = std::to_string(plan.drawn.size() + 1);
  if (trial.state == StudyTrialState::Queued) {
    trial.state = StudyTrialState::Finished;
    trial.score = score;
  }
  plan.drawn.push_back(trial);
  return drawn;
}

TEST(StudyFoldGroups, TheTrialCountHoldsEveryFoldAndTheRefit) {
  EXPECT_EQ(study_trial_count(4, 0, false), 4);
  EXPECT_EQ(study_trial_count(4, 0, true), 4);  // refit only with folds
  EXPECT_EQ(study_trial_count(4, 3, false), 12);
  EXPECT_EQ(study_trial_count(4, 3, true), 13);
}

TEST(StudyFoldGroups, EachSettingTrainsOneTrialPerFoldValidatingOnThatFold) {
  StudyPlan plan = kfold_study(2, 3, false);
  for (int n = 0; n < 6; ++n) {
    const DrawnStudyTrial drawn = draw_and_end(plan, 0.5);
    ASSERT_TRUE(drawn.run) << drawn.trial.refusal;
    const int fold = n % 3;
    EXPECT_EQ(drawn.trial.fold, fold);
    EXPECT_EQ(drawn.trial.values, plan.drawn[static_cast<std::size_t>(n - fold)].values);
    const DatasetSettings& dataset = drawn.run->project.dataset;
    EXPECT_EQ(dataset.validation, ValidationSplit::Fold);
    EXPECT_EQ(dataset.folds, 3);
    EXPECT_EQ(dataset.validation_fold, fold);
    EXPECT_EQ(dataset.fold_seed, 7);  // the study's seed: every setting sees the same folds
    EXPECT_TRUE(dataset.stratified_folds);
    EXPECT_EQ(drawn.run->label, drawn.trial.label + ", fold " + std::to_string(fold + 1) + " of 3");
  }
  EXPECT_NE(plan.drawn[0].values, plan.drawn[3].values);
  EXPECT_TRUE(plan.complete());
}

TEST(StudyFoldGroups, TheNthSettingIsThePlainStudysNthTrial) {
  StudyPlan folded = kfold_study(3, 2, false);
  StudyPlan plain = kfold_study(3, 0, false);
  for (int n = 0; n < 6; ++n) draw_and_end(folded, 0.5);
  for (int n = 0; n < 3; ++n) draw_and_end(plain, 0.5);
  for (std::size_t s = 0; s < 3; ++s) EXPECT_EQ(folded.drawn[2 * s].values, plain.drawn[s].values);
}

TEST(StudyFoldGroups, TheSamplerAndTheBestGoByTheMeanOverTheFolds) {
  StudyPlan plan = kfold_study(2, 2, false);
  // Setting 1 has the single best fold (0.95) but the lower mean (0.6); setting 2 the better mean.
  for (double score : {0.95, 0.25, 0.7, 0.8}) draw_and_end(plan, score);
  const std::vector<StudyFoldGroup> groups = study_fold_groups(plan);
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_TRUE(groups[0].ended);
  EXPECT_DOUBLE_EQ(*groups[0].mean_score, 0.6);
  EXPECT_DOUBLE_EQ(*groups[1].mean_score, 0.75);
  EXPECT_EQ(best_study_trial(plan), 2u);  // setting 2's fold 0
  const std::vector<StudyObservation> observed = study_observations(plan);
  ASSERT_EQ(observed.size(), 2u);
  EXPECT_EQ(observed[0].values, plan.drawn[0].values);
  EXPECT_DOUBLE_EQ(*observed[0].score, 0.6);
}

TEST(StudyFoldGroups, ASettingWithAFoldStillTrainingIsNotLearntFrom) {
  StudyPlan plan = kfold_study(2, 3, false);
  draw_and_end(plan, 0.5);
  draw_and_end(plan, 0.5);
  DrawnStudyTrial third = draw_next_study_trial(plan);
  plan.drawn.push_back(third.trial);  // queued: training
  const std::vector<StudyFoldGroup> groups = study_fold_groups(plan);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_FALSE(groups[0].ended);
  EXPECT_FALSE(groups[0].mean_score);
  EXPECT_TRUE(study_observations(plan).empty());
  EXPECT_FALSE(best_study_trial(plan));
}

TEST(StudyFoldGroups, TheRefitRepeatsTheBestSettingOnTheProjectsOwnSplit) {
  StudyPlan plan = kfold_study(2, 2, true);
  for (double score : {0.4, 0.5, 0.8, 0.9}) draw_and_end(plan, score);
  const DrawnStudyTrial refit = draw_and_end(plan, 0.85);
  ASSERT_TRUE(refit.run) << refit.trial.refusal;
  EXPECT_FALSE(refit.trial.fold);
  EXPECT_EQ(refit.trial.values, plan.drawn[2].values);
  EXPECT_EQ(refit.run->project.dataset, plan.base.dataset);  // no fold: all the training data
  EXPECT_EQ(refit.run->label, refit.trial.label + ", refit on all training data");
  EXPECT_TRUE(is_refit_trial(plan, 4));
  EXPECT_FALSE(is_refit_trial(plan, 3));
  EXPECT_EQ(study_fold_groups(plan).size(), 2u);  // the refit is no group
  EXPECT_EQ(best_study_trial(plan), 2u);          // nor the best, whatever its score
  EXPECT_TRUE(plan.complete());
}

TEST(StudyFoldGroups, NoRefitWhenNoSettingFinishedEveryFold) {
  StudyPlan plan = kfold_study(1, 2, true);
  draw_and_end(plan, 0.5);
  draw_and_end(plan, std::nullopt);  // never validated
  const DrawnStudyTrial refit = draw_next_study_trial(plan);
  EXPECT_EQ(refit.trial.state, StudyTrialState::Failed);
  EXPECT_FALSE(refit.run);
  EXPECT_NE(refit.trial.refusal.find("nothing to refit"), std::string::npos);
}

TEST(StudyFoldGroups, MeanAndSpreadUseTheSampleStandardDeviation) {
  const MeanAndSpread figure = mean_and_spread({0.7, 0.8, 0.9});
  EXPECT_EQ(figure.count, 3);
  EXPECT_DOUBLE_EQ(figure.mean, 0.8);
  EXPECT_NEAR(figure.std, 0.1, 1e-12);
  EXPECT_EQ(mean_and_spread({0.5}).std, 0);
  EXPECT_EQ(mean_and_spread({}).count, 0);
}

TEST(StudyFoldGroups, TheSummaryGroupsEachSettingsFoldsWithMeanAndSpread) {
  StudyPlan plan = kfold_study(2, 2, true);
  for (double score : {0.6, 0.8, 0.7, 0.7}) draw_and_end(plan, score);
  draw_and_end(plan, 0.9);  // the refit: in no group
  std::vector<TrialAccuracy> accuracies(5);
  accuracies[0] = {0.5, 0.6};
  accuracies[1] = {0.7, 0.8};
  accuracies[2] = {0.7, 0.7};
  accuracies[3] = {std::nullopt, std::nullopt};  // its run folder is gone
  accuracies[4] = {0.9, 0.9};
  const std::vector<StudyFoldSummary> summaries = summarize_study_folds(plan, accuracies);
  ASSERT_EQ(summaries.size(), 2u);
  EXPECT_EQ(summaries[0].first, 0u);
  EXPECT_EQ(summaries[0].folds, 2);
  EXPECT_DOUBLE_EQ(summaries[0].final_val_accuracy.mean, 0.6);
  EXPECT_NEAR(summaries[0].final_val_accuracy.std, 0.1414213562, 1e-9);
  EXPECT_DOUBLE_EQ(summaries[0].best_val_accuracy.mean, 0.7);
  EXPECT_EQ(summaries[1].first, 2u);
  EXPECT_EQ(summaries[1].folds, 1);
  EXPECT_DOUBLE_EQ(summaries[1].best_val_accuracy.mean, 0.7);
}

}  // namespace
}  // namespace convstudio
