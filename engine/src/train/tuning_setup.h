#pragma once
// What the learning-rate and batch-size finders need before their trial steps, set up as a run
// would set it up: the device, the precision Auto stands for, the network with the project's
// starting weights, its optimizer and, when asked for, the training data and a loader over it.
// Internal (LibTorch).

#include <torch/torch.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "convstudio/data/dataset.h"
#include "convstudio/error.h"
#include "convstudio/model/block_analysis.h"
#include "convstudio/model/project.h"
#include "data/batch_loader.h"
#include "nn/graph_module.h"

namespace convstudio {

struct TuningSetup {
  torch::Device device = torch::kCPU;
  std::string device_name;     // "cpu", "cuda:0"
  AmpMode amp = AmpMode::Off;  // never Auto
  bool channels_last = false;  // the model's memory format, as a training run would choose it
  ModelAnalysis analysis;
  std::optional<GraphModule> model;
  std::unique_ptr<torch::optim::Optimizer> optimizer;
  Dataset dataset;                      // only with data
  std::unique_ptr<BatchLoader> loader;  // only with data: the training split, shuffled
};

struct TuningRequest {
  const Project* project = nullptr;
  std::string start_weights;  // as RunOptions::start_weights; empty: PyTorch's initialisation
  bool with_data = false;
  std::function<bool()> cancelled;  // polled while the data loads
};

// Fills `setup`, or says what stops it (device, graph, data, class count, starting weights),
// with the place a training run would name.
std::optional<Error> prepare_tuning(const TuningRequest& request, TuningSetup& setup);

// "cpu" or "cuda:K".
std::string device_text(const torch::Device& device);

}  // namespace convstudio
