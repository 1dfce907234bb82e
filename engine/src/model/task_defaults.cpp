#include "convstudio/model/task_defaults.h"

namespace convstudio {

void apply_task_defaults(Project& project) {
  if (project.task != ProjectTask::Segmentation) return;
  LossSettings& loss = project.training.loss;
  if (loss.best_metric == BestMetric::Accuracy) loss.best_metric = BestMetric::MeanIoU;
}

}  // namespace convstudio
