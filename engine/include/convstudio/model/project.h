#pragma once
// A ConvStudio project: the model graph with its dataset and training settings.

#include <string>

#include "convstudio/model/dataset_settings.h"
#include "convstudio/model/graph.h"
#include "convstudio/model/project_task.h"
#include "convstudio/model/training_settings.h"

namespace convstudio {

// Everything a *.convstudio file holds. Plain value: copy it, compare it, hand it to threads.
struct Project {
  Graph graph;
  // Classification unless the file says "task": "segmentation".
  ProjectTask task = ProjectTask::Classification;
  DatasetSettings dataset;
  TrainingSettings training;
  // The starting weights (an imported model's, or set from a file): a safetensors file whose
  // tensors are named "<block id>.<tensor>", relative to the project file's folder. Empty:
  // training starts from PyTorch's initialisation.
  std::string weights;

  bool operator==(const Project&) const = default;
};

}  // namespace convstudio
