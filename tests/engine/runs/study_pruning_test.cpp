// A trial's pruning watch: fed the trial's validations, it stops the trial where the study's
// pruner says so and keeps the best accuracy so far as the pruned trial's score; the earlier
// trials' curves come from their run folders' recorded validations.

#include "convstudio/runs/study_pruning.h"

#include <gtest/gtest.h>

namespace convstudio {
namespace {

ValidationCurve flat(double accuracy, std::int64_t every, int points) {
  ValidationCurve curve;
  for (int i = 1; i <= points; ++i) curve.push_back({every * i, accuracy});
  return curve;
}

TEST(StudyPruningWatch, WithoutAPrunerATrialAlwaysGoesOn) {
  StudyPruningWatch watch({}, {flat(0.9, 10, 3)});
  EXPECT_FALSE(watch.prune_after(10, 0.0));
  EXPECT_FALSE(watch.prune_after(20, 0.0));
  EXPECT_EQ(watch.curve().size(), 2u);
}

TEST(StudyPruningWatch, AWeakTrialIsStoppedAtARungAndScoredByItsBest) {
  const PrunerSettings asha{.kind = StudyPruner::Asha, .eta = 3, .min_resource = 10};
  StudyPruningWatch watch(asha, {flat(0.9, 10, 9), flat(0.8, 10, 9), flat(0.7, 10, 9)});
  EXPECT_FALSE(watch.prune_after(5, 0.4));  // before the first rung
  EXPECT_TRUE(watch.prune_after(10, 0.3));  // the worst of four at rung 0
  EXPECT_EQ(watch.best_accuracy(), 0.4);
}

TEST(StudyPruningWatch, ValidationCurveIsOrderedBySteps) {
  std::vector<RecordedEpoch> epochs(2);
  epochs[0].step = 200;
  epochs[0].val_accuracy = 0.6;
  epochs[1].step = 100;
  epochs[1].val_accuracy = 0.5;
  const ValidationCurve curve = validation_curve(epochs);
  ASSERT_EQ(curve.size(), 2u);
  EXPECT_EQ(curve[0].step, 100);
  EXPECT_EQ(curve[1].accuracy, 0.6);
}

TEST(StudyPruningWatch, AResumedTrialSeesItsRecordedValidationsFirst) {
  std::vector<RecordedEpoch> epochs(2);
  epochs[0].step = 20;
  epochs[0].val_accuracy = 0.7;
  epochs[1].step = 10;
  epochs[1].val_accuracy = 0.4;
  StudyPruningWatch watch({}, {});
  watch.resume_from(epochs);
  ASSERT_EQ(watch.curve().size(), 2u);
  EXPECT_EQ(watch.curve()[0].step, 10);  // in step order, as they were seen before the stop
  EXPECT_EQ(watch.best_accuracy(), 0.7);
}

TEST(StudyPruningWatch, OnlyTrainedEarlierTrialsWithAFolderCount) {
  StudyPlan plan;
  plan.drawn.resize(3);
  plan.drawn[0].state = StudyTrialState::Refused;
  plan.drawn[1].state = StudyTrialState::Finished;
  plan.drawn[1].queue_id = "9";  // not in the queue any more
  EXPECT_TRUE(earlier_trial_curves(plan, 3, RunQueue{}).empty());
}

}  // namespace
}  // namespace convstudio
