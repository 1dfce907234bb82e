#include "gradient_norm.h"

#include <cmath>
#include <limits>

namespace convstudio {

double sum_of_squares(const float* values, std::int64_t count) {
  // Eight partial sums: independent chains the compiler can keep in vector registers.
  double partial[8] = {};
  std::int64_t i = 0;
  for (; i + 8 <= count; i += 8) {
    for (int lane = 0; lane < 8; ++lane) {
      const double x = values[i + lane];
      partial[lane] += x * x;
    }
  }
  double total = 0;
  for (; i < count; ++i) total += static_cast<double>(values[i]) * values[i];
  for (double sum : partial) total += sum;
  return total;
}

void GradientNorm::measure(const std::vector<torch::Tensor>& parameters, const LossScaler& scaler) {
  std::vector<torch::Tensor> grads;
  bool host = true;
  for (const torch::Tensor& parameter : parameters) {
    const torch::Tensor& grad = parameter.grad();
    if (!grad.defined()) continue;
    grads.push_back(grad);
    host = host && grad.device().is_cpu() && grad.scalar_type() == torch::kFloat &&
           grad.layout() == torch::kStrided && grad.is_contiguous();
  }
  measured_on_host_ = host;
  device_norm_ = torch::Tensor();
  if (host) {
    double squares = 0;
    for (const torch::Tensor& grad : grads) {
      squares += sum_of_squares(grad.data_ptr<float>(), grad.numel());
    }
    host_norm_ = std::sqrt(squares);
    if (scaler.enabled()) host_norm_ /= scaler.current_scale();
    return;
  }
  torch::NoGradGuard no_grad;
  const std::vector<torch::Tensor> norms = at::_foreach_norm(grads, 2);
  device_norm_ = scaler.unscaled(torch::stack(norms).to(torch::kFloat).norm());
}

double GradientNorm::read() {
  double norm = std::numeric_limits<double>::quiet_NaN();
  if (measured_on_host_) {
    norm = host_norm_;
  } else if (device_norm_.defined()) {
    norm = device_norm_.item<double>();
  }
  measured_on_host_ = false;
  device_norm_ = torch::Tensor();
  return norm;
}

}  // namespace convstudio
