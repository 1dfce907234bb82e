#pragma once
// What computes logits for InferenceModel: the graph rebuilt as a LibTorch module (checkpoints
// and native exports), a loaded TorchScript module, an AOTInductor .pt2 package, or an ONNX
// export run by OpenCV DNN. One prediction at a time per model.

#include <filesystem>
#include <memory>
#include <mutex>

#include <torch/csrc/inductor/aoti_package/model_package_loader.h>
#include <torch/script.h>
#include <torch/torch.h>
#include <opencv2/dnn.hpp>

#include "convstudio/export/inference_model.h"
#include "export/trained_model.h"
#include "nn/graph_module.h"

namespace convstudio {

class InferenceModel::Backend {
 public:
  virtual ~Backend() = default;
  // N×C×H×W float input on the CPU -> N×classes logits (N×C×H×W for segmentation).
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

// An AOTInductor package (export --format pt2-aoti): compiled code LibTorch runs without Python,
// torch's successor to TorchScript for C++.
class AotiPackageBackend final : public InferenceModel::Backend {
 public:
  explicit AotiPackageBackend(std::unique_ptr<torch::inductor::AOTIModelPackageLoader> loader)
      : loader_(std::move(loader)) {
    // The package's compiled kernels take inputs on the device they were compiled for.
    const auto metadata = loader_->get_metadata();
    const auto kind = metadata.find("AOTI_DEVICE_KEY");
    if (kind != metadata.end() && kind->second == "cuda") device_ = torch::Device(torch::kCUDA);
  }

 private:
  torch::Tensor run(const torch::Tensor& batch) override {
    torch::Tensor input = batch.to(device_, torch::kFloat).contiguous();
    return loader_->run({input}).at(0).to(torch::kCPU);
  }
  std::unique_ptr<torch::inductor::AOTIModelPackageLoader> loader_;
  torch::Device device_ = torch::kCPU;
};

// OpenCV DNN is the ONNX runtime already linked into the engine; it runs the exported file
// itself, so a prediction from an .onnx proves that file rather than our own graph.
class OnnxBackend final : public InferenceModel::Backend {
 public:
  explicit OnnxBackend(cv::dnn::Net net) : net_(std::move(net)) {}

 private:
  torch::Tensor run(const torch::Tensor& batch) override {
    const torch::Tensor input = batch.to(torch::kFloat).contiguous();
    std::vector<int> dims(input.sizes().begin(), input.sizes().end());
    const cv::Mat blob(static_cast<int>(dims.size()), dims.data(), CV_32F,
                       const_cast<float*>(input.data_ptr<float>()));
    net_.setInput(blob, "input");
    const cv::Mat logits = net_.forward();
    // A segmentation model's N×C×H×W logits keep their shape; class scores are N×K however
    // OpenCV shapes them.
    std::vector<std::int64_t> sizes(logits.size.p, logits.size.p + logits.dims);
    const bool per_pixel = sizes.size() == 4 && sizes[2] * sizes[3] > 1;
    if (!per_pixel)
      sizes = {logits.size[0], static_cast<std::int64_t>(logits.total()) / logits.size[0]};
    return torch::from_blob(const_cast<float*>(logits.ptr<float>()), sizes, torch::kFloat).clone();
  }
  cv::dnn::Net net_;
};

}  // namespace convstudio
