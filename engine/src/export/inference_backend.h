#pragma once
// What computes logits for InferenceModel: the graph rebuilt as a LibTorch module (checkpoints
// and native exports) or a loaded TorchScript module. One prediction at a time per model.

#include <filesystem>
#include <memory>
#include <mutex>

#include <torch/script.h>
#include <torch/torch.h>

#include "convstudio/export/inference_model.h"
#include "export/trained_model.h"
#include "nn/graph_module.h"

namespace convstudio {

class InferenceModel::Backend {
 public:
  virtual ~Backend() = default;
  // N×C×H×W float input on the CPU -> N×classes logits.
  torch::Tensor logits(const torch::Tensor& batch) {
    std::lock_guard lock(mutex_);
    torch::NoGradGuard no_grad;
    return run(batch);
  }

 private:
  virtual torch::Tensor run(const torch::Tensor& batch) = 0;
  std::mutex mutex_;
};

class GraphModuleBackend final : public InferenceModel::Backend {
 public:
  // `model` has passed make_trained_model, so its tensors fit.
  explicit GraphModuleBackend(const TrainedModel& model);

 private:
  torch::Tensor run(const torch::Tensor& batch) override { return module_->forward(batch); }
  GraphModule module_;
};

class TorchScriptBackend final : public InferenceModel::Backend {
 public:
  explicit TorchScriptBackend(torch::jit::Module module) : module_(std::move(module)) {
    module_.eval();
  }

 private:
  torch::Tensor run(const torch::Tensor& batch) override {
    return module_.forward({batch}).toTensor();
  }
  torch::jit::Module module_;
};

}  // namespace convstudio
