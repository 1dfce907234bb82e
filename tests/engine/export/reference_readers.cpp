#include "reference_readers.h"

#include <fstream>
#include <vector>

#include <opencv2/dnn.hpp>

namespace convstudio::testing {

double max_difference(const torch::Tensor& a, const torch::Tensor& b) {
  return (a.to(torch::kDouble) - b.to(torch::kDouble)).abs().max().item<double>();
}

void write_floats(const std::filesystem::path& file, const torch::Tensor& tensor) {
  const torch::Tensor values = tensor.to(torch::kFloat).contiguous();
  std::ofstream out(file, std::ios::binary);
  out.write(reinterpret_cast<const char*>(values.data_ptr<float>()),
            static_cast<std::streamsize>(values.numel() * 4));
}

double opencv_difference(const std::filesystem::path& onnx, const torch::Tensor& input,
                         const torch::Tensor& expected) {
  cv::dnn::Net net = cv::dnn::readNetFromONNX(onnx.string());
  std::vector<int> dims(input.sizes().begin(), input.sizes().end());
  cv::Mat blob(static_cast<int>(dims.size()), dims.data(), CV_32F,
               const_cast<float*>(input.contiguous().data_ptr<float>()));
  net.setInput(blob, "input");
  cv::Mat out = net.forward();
  torch::Tensor got = torch::from_blob(out.ptr<float>(), expected.sizes(), torch::kFloat).clone();
  return max_difference(got, expected);
}

}  // namespace convstudio::testing
