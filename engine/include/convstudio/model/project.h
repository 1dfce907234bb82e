#pragma once
// A ConvStudio project: the model graph with its dataset and training settings.

#include "convstudio/model/dataset_settings.h"
#include "convstudio/model/graph.h"
#include "convstudio/model/training_settings.h"

namespace convstudio {

// Everything a *.convstudio file holds. Plain value: copy it, compare it, hand it to threads.
struct Project {
  Graph graph;
  DatasetSettings dataset;
  TrainingSettings training;

  bool operator==(const Project&) const = default;
};

}  // namespace convstudio
