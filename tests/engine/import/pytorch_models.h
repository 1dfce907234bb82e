#pragma once
// The ONNX files tests/interop/make_import_models.py writes from models defined in PyTorch,
// made once per test program, with onnxruntime's answers beside them.

#include <filesystem>
#include <string>
#include <vector>

#include <torch/torch.h>

namespace convstudio::testing {

struct PyTorchModel {
  std::string name;  // "resnet_like_dynamo"
  std::filesystem::path onnx;
  bool refused = false;
  bool external_data = false;
  std::int64_t parameters = 0;  // PyTorch's count
  torch::Tensor input;          // N×C×H×W
  torch::Tensor expected;       // onnxruntime's output
};

// Writes the models on first use (about a minute); fails the calling test when Python fails.
const std::vector<PyTorchModel>& pytorch_models();

}  // namespace convstudio::testing
