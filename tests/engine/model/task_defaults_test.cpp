// A new segmentation project keeps its best checkpoint by mean IoU (issue 38): pixel accuracy
// flatters a model that paints everything as the largest class. Classification keeps accuracy,
// and a recipe's own choice stays.

#include "convstudio/model/task_defaults.h"

#include <gtest/gtest.h>

namespace convstudio {
namespace {

TEST(TaskDefaults, ASegmentationProjectKeepsItsBestCheckpointByMeanIoU) {
  Project segmentation;
  segmentation.task = ProjectTask::Segmentation;
  apply_task_defaults(segmentation);
  EXPECT_EQ(segmentation.training.loss.best_metric, BestMetric::MeanIoU);

  Project classification;
  apply_task_defaults(classification);
  EXPECT_EQ(classification.training.loss.best_metric, BestMetric::Accuracy);

  Project chosen;
  chosen.task = ProjectTask::Segmentation;
  chosen.training.loss.best_metric = BestMetric::MacroF1;  // a recipe's choice
  apply_task_defaults(chosen);
  EXPECT_EQ(chosen.training.loss.best_metric, BestMetric::MacroF1);
}

}  // namespace
}  // namespace convstudio
