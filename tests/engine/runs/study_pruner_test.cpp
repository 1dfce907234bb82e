// Pruning decisions at validation points: the median pruner stops a trial below the earlier
// trials' median, ASHA keeps the best 1/eta at each rung; neither acts before it has evidence.

#include "convstudio/runs/study_pruner.h"

#include <gtest/gtest.h>

namespace convstudio {
namespace {

ValidationCurve flat(double accuracy, std::int64_t every, int points) {
  ValidationCurve curve;
  for (int i = 1; i <= points; ++i) curve.push_back({every * i, accuracy});
  return curve;
}

TEST(StudyPruner, NoPrunerNeverStops) {
  EXPECT_FALSE(should_prune({}, flat(0.0, 10, 3), {flat(0.9, 10, 3)}));
}

TEST(StudyPruner, MedianStopsATrialBelowTheEarlierMedianAfterItsStartupTrials) {
  PrunerSettings median{.kind = StudyPruner::Median, .startup_trials = 3};
  const std::vector<ValidationCurve> two = {flat(0.8, 10, 5), flat(0.6, 10, 5)};
  EXPECT_FALSE(should_prune(median, flat(0.1, 10, 1), two));  // too few trials yet
  std::vector<ValidationCurve> three = two;
  three.push_back(flat(0.7, 10, 5));
  EXPECT_TRUE(should_prune(median, flat(0.65, 10, 1), three));   // median 0.7
  EXPECT_FALSE(should_prune(median, flat(0.75, 10, 1), three));  // above it
  // Batch sizes differ: an earlier trial's last validation at or before the step counts.
  EXPECT_TRUE(should_prune(median, {{15, 0.65}}, three));
  // Its best so far, not its last point, is compared.
  EXPECT_FALSE(should_prune(median, {{10, 0.75}, {20, 0.5}}, three));
}

TEST(StudyPruner, AshaKeepsTheBestThirdAtEachRung) {
  PrunerSettings asha{.kind = StudyPruner::Asha, .eta = 3, .min_resource = 10};
  // The first trial at a rung always goes on: nothing to compare it with.
  EXPECT_FALSE(should_prune(asha, {{10, 0.1}}, {}));
  std::vector<ValidationCurve> earlier = {flat(0.9, 10, 9), flat(0.5, 10, 9), flat(0.4, 10, 9),
                                          flat(0.3, 10, 9), flat(0.2, 10, 9)};
  // Six at rung 10: the best two go on.
  EXPECT_TRUE(should_prune(asha, {{10, 0.45}}, earlier));
  EXPECT_FALSE(should_prune(asha, {{10, 0.55}}, earlier));
  // Between rungs (20 is not 10·3^k) nothing is decided.
  EXPECT_FALSE(should_prune(asha, {{10, 0.55}, {20, 0.0}}, earlier));
  // At rung 30 it is judged again.
  EXPECT_TRUE(should_prune(asha, {{10, 0.55}, {20, 0.0}, {30, 0.0}}, earlier));
}

}  // namespace
}  // namespace convstudio
