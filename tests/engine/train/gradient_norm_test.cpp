// The gradient norm the charts show: the figure clip_grad_norm_ reports, measured without
// touching a gradient, and the true one under fp16 loss scaling.

#include "train/gradient_norm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace convstudio {
namespace {

// Three parameters of awkward sizes (not multiples of the eight partial sums), their gradients
// set by hand.
std::vector<torch::Tensor> parameters_with_grads(float factor) {
  torch::manual_seed(3);
  std::vector<torch::Tensor> parameters;
  for (std::int64_t size : {5, 37, 130}) {
    torch::Tensor parameter = torch::zeros({size}).requires_grad_();
    parameter.mutable_grad() = torch::randn({size}) * factor;
    parameters.push_back(parameter);
  }
  return parameters;
}

TEST(GradientNorm, IsWhatClipGradNormMeasuresAndChangesNoGradient) {
  std::vector<torch::Tensor> parameters = parameters_with_grads(1);
  std::vector<torch::Tensor> before;
  for (const torch::Tensor& p : parameters) before.push_back(p.grad().clone());
  GradientNorm norm;
  norm.measure(parameters, LossScaler(LossScalerOptions{.enabled = false}));
  const double measured = norm.read();
  for (std::size_t i = 0; i < parameters.size(); ++i) {
    EXPECT_TRUE(torch::equal(parameters[i].grad(), before[i]));
  }
  const double clipped = torch::nn::utils::clip_grad_norm_(parameters, 1e9);
  EXPECT_NEAR(measured, clipped, 1e-5 * clipped);
  EXPECT_GT(measured, 1);
}

TEST(GradientNorm, ReportsTheTrueNormOfScaledGradients) {
  LossScaler scaler;  // on: gradients carry its 65536
  const torch::Tensor weight = torch::ones({1}, torch::requires_grad());
  scaler.scale((weight * 0).sum());  // the scale exists once a loss was scaled
  const double truth = torch::nn::utils::clip_grad_norm_(parameters_with_grads(1), 1e9);
  GradientNorm norm;
  norm.measure(parameters_with_grads(65536), scaler);
  EXPECT_NEAR(norm.read(), truth, 1e-5 * truth);
}

TEST(GradientNorm, IsNotANumberWhenNothingWasMeasured) {
  GradientNorm norm;
  EXPECT_TRUE(std::isnan(norm.read()));
  norm.measure(parameters_with_grads(1), LossScaler(LossScalerOptions{.enabled = false}));
  norm.read();
  EXPECT_TRUE(std::isnan(norm.read()));  // each measurement is read once
}

TEST(GradientNorm, AnInfiniteGradientGivesAnInfiniteNorm) {
  std::vector<torch::Tensor> parameters = parameters_with_grads(1);
  parameters[1].grad()[3] = std::numeric_limits<float>::infinity();
  GradientNorm norm;
  norm.measure(parameters, LossScaler(LossScalerOptions{.enabled = false}));
  EXPECT_TRUE(std::isinf(norm.read()));
}

TEST(GradientNorm, SumOfSquaresCountsEveryValue) {
  std::vector<float> values(21);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(i);
  EXPECT_DOUBLE_EQ(sum_of_squares(values.data(), 21), 2870.0);  // 0² + … + 20²
}

}  // namespace
}  // namespace convstudio
