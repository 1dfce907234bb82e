#pragma once
// Helpers the interop tests share to compare an export with LibTorch's reference output.

#include <filesystem>

#include <torch/torch.h>

namespace convstudio::testing {

// Largest absolute element difference, computed in double.
double max_difference(const torch::Tensor& a, const torch::Tensor& b);
// Raw little-endian float32 values, the format tests/interop/check_exports.py reads.
void write_floats(const std::filesystem::path& file, const torch::Tensor& tensor);
// Runs `onnx` with OpenCV DNN on `input` (fed as "input") and compares with `expected`.
double opencv_difference(const std::filesystem::path& onnx, const torch::Tensor& input,
                         const torch::Tensor& expected);

}  // namespace convstudio::testing
