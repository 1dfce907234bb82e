#pragma once
// The trained model behind a ModelExplainer: its graph and shapes, and the LibTorch module in
// fp32 eval mode, built once. Internal to the engine.

#include <mutex>
#include <string>

#include <torch/torch.h>

#include "convstudio/explain/model_explainer.h"
#include "export/trained_model.h"
#include "nn/graph_module.h"

namespace convstudio {

class ModelExplainer::Model {
 public:
  // `trained` has passed make_trained_model, so its tensors fit.
  explicit Model(TrainedModel trained, torch::Device device = torch::kCPU);

  const TrainedModel& trained() const { return trained_; }
  // The Output block's id: its value in GraphModule::forward_all is the logits.
  const std::string& output_id() const { return output_id_; }
  GraphModuleImpl& module() const { return *module_.ptr(); }
  // Where the module's weights are: the input goes there, the results come back to the CPU.
  torch::Device device() const { return device_; }
  // One explanation at a time: autograd state and the module are shared.
  std::mutex& mutex() const { return mutex_; }

 private:
  TrainedModel trained_;
  GraphModule module_;
  std::string output_id_;
  torch::Device device_;
  mutable std::mutex mutex_;
};

}  // namespace convstudio
