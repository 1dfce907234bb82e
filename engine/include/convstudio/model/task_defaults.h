#pragma once
// The settings a project's task changes from the classification defaults, applied where a
// project is made (the studio's New Project and `convstudio-cli new`), after a template's recipe.

#include "convstudio/model/project.h"

namespace convstudio {

// Segmentation: the best checkpoint (and early stopping) follow the validation's mean IoU
// (BestMetric::MeanIoU) unless a recipe already chose a figure other than accuracy; pixel
// accuracy flatters a model that paints everything as the largest class. Classification: none.
void apply_task_defaults(Project& project);

}  // namespace convstudio
