#pragma once
// Does the model's output fit the project's task? Classification needs N×K class scores;
// segmentation needs N×C×H×W logits at the input's H×W. A problem names the block that breaks
// it and why, so the studio can point at it and the CLI print it.

#include <optional>

#include "convstudio/error.h"
#include "convstudio/model/block_analysis.h"
#include "convstudio/model/graph.h"
#include "convstudio/model/project.h"
#include "convstudio/model/project_task.h"

namespace convstudio {

// nullopt when the output fits, or when shape inference did not reach the Output block (its own
// errors say why).
std::optional<Error> task_output_problem(ProjectTask task, const Graph& graph,
                                         const ModelAnalysis& analysis);

// nullopt when the data set's format fits the task: segmentation trains on a format with masks,
// classification on one label per image. Otherwise the setting "dataset.source" and why.
std::optional<Error> task_data_problem(ProjectTask task, const DatasetSettings& dataset);

// Shape inference for a project: the graph's problems, then the task's.
ModelAnalysis analyse_project(const Project& project);

}  // namespace convstudio
