#pragma once
// A trained model as every exporter and the inference engine take it: the graph, its shapes,
// its weights by block-qualified name and the preprocessing contract.

#include <filesystem>

#include "checkpoint/module_tensors.h"
#include "convstudio/export/preprocessing_contract.h"
#include "convstudio/model/block_analysis.h"
#include "convstudio/model/graph.h"
#include "convstudio/result.h"

namespace convstudio {

struct TrainedModel {
  Graph graph;
  ModelAnalysis analysis;  // for `graph` at contract.input; ok() is true
  NamedTensors tensors;    // "conv1.weight", "bn1.running_mean", ... (CPU)
  PreprocessingContract contract;

  // The tensor, or throws std::out_of_range naming it (exporters check with has()).
  const torch::Tensor& tensor(const std::string& block_id, const std::string& name) const;
  bool has(const std::string& block_id, const std::string& name) const;
};

// Reads a checkpoint folder and checks that its graph infers and its weights fit the graph.
Result<TrainedModel> load_trained_model(const std::filesystem::path& checkpoint_dir);

// A project file with its starting weights (ProjectFile::weights_file) as a trained model, with
// the project's fit mode and no normalisation. Refuses a project without weights.
Result<TrainedModel> load_project_model(const std::filesystem::path& project_file);

// Runs shape inference at contract.input and checks that `tensors` fit the graph exactly: every
// name and shape against what inference says each block needs before the module is built (so a
// graph edited to a huge input allocates nothing), then by building the LibTorch module and
// loading them. `source` names the file in errors.
Result<TrainedModel> make_trained_model(Graph graph, NamedTensors tensors,
                                        PreprocessingContract contract, const std::string& source);

}  // namespace convstudio
