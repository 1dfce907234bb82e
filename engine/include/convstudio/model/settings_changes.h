#pragma once
// Which settings differ between two versions of a project's dataset and training settings,
// named as the project file spells them ("dataset.path", "training.lr",
// "dataset.augmentation.random_erasing"), so an editor can merge
// successive edits of one setting into one undo step.

#include <string>
#include <vector>

#include "convstudio/model/dataset_settings.h"
#include "convstudio/model/training_settings.h"

namespace convstudio {

std::vector<std::string> changed_settings(const DatasetSettings& dataset_before,
                                          const TrainingSettings& training_before,
                                          const DatasetSettings& dataset_after,
                                          const TrainingSettings& training_after);

}  // namespace convstudio
