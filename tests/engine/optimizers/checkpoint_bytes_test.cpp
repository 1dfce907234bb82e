// Run folders of earlier versions must still resume: the optimizer states in fixtures/ were
// written by the code before the optimizers had homes (SGD with Nesterov momentum, Adam with
// weight decay, AdamW with amsgrad; three steps; two parameter groups, the second never
// stepped). Each reads back and writes the very same bytes.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "checkpoint/optimizer_state.h"

namespace convstudio {
namespace {

std::string fixture(const std::string& name) {
  std::ifstream in(std::string(CONVSTUDIO_OPTIMIZER_FIXTURES) + "/" + name + ".safetensors",
                   std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// The parameters the fixtures were saved for: a 2×3 weight and a bias in the first group, a
// parameter without gradients (so without state) in the second.
struct FixtureParameters {
  torch::Tensor weight = torch::zeros({2, 3}).requires_grad_();
  torch::Tensor bias = torch::zeros({3}).requires_grad_();
  torch::Tensor frozen = torch::zeros({2}).requires_grad_();
};

// Loads the fixture into `optimizer` (over FixtureParameters) and checks it saves the same bytes.
void expect_same_bytes_back(torch::optim::Optimizer& optimizer, const std::string& name) {
  const std::string bytes = fixture(name);
  ASSERT_FALSE(bytes.empty()) << name;
  const auto error = load_optimizer_state(optimizer, bytes, name);
  ASSERT_FALSE(error.has_value()) << error->describe();
  EXPECT_EQ(optimizer.state().size(), 2u) << name;  // the weight and the bias
  EXPECT_EQ(save_optimizer_state(optimizer), bytes) << name;
}

template <class Options>
std::unique_ptr<Options> options(Options options) {
  return std::make_unique<Options>(options);
}

TEST(OptimizerCheckpointBytes, SgdStateOfEarlierVersionsReadsAndWritesTheSameBytes) {
  FixtureParameters p;
  const auto settings = torch::optim::SGDOptions(0.1).momentum(0.9).nesterov(true);
  torch::optim::SGD sgd(std::vector<torch::Tensor>{p.weight, p.bias}, settings);
  sgd.add_param_group({{p.frozen}, options(torch::optim::SGDOptions(0.05).momentum(0.9))});
  expect_same_bytes_back(sgd, "sgd");
  EXPECT_DOUBLE_EQ(sgd.param_groups()[1].options().get_lr(), 0.05);
}

TEST(OptimizerCheckpointBytes, AdamStateOfEarlierVersionsReadsAndWritesTheSameBytes) {
  FixtureParameters p;
  torch::optim::Adam adam(std::vector<torch::Tensor>{p.weight, p.bias},
                          torch::optim::AdamOptions(0.01).weight_decay(0.001));
  adam.add_param_group({{p.frozen}, options(torch::optim::AdamOptions(0.005))});
  expect_same_bytes_back(adam, "adam");
  const auto& state = static_cast<const torch::optim::AdamParamState&>(
      *adam.state().at(p.weight.unsafeGetTensorImpl()));
  EXPECT_EQ(state.step(), 3);
}

TEST(OptimizerCheckpointBytes, AdamWStateOfEarlierVersionsReadsAndWritesTheSameBytes) {
  FixtureParameters p;
  torch::optim::AdamW adamw(std::vector<torch::Tensor>{p.weight, p.bias},
                            torch::optim::AdamWOptions(0.01).weight_decay(0.01).amsgrad(true));
  adamw.add_param_group({{p.frozen}, options(torch::optim::AdamWOptions(0.005).amsgrad(true))});
  expect_same_bytes_back(adamw, "adamw");
  const auto& state = static_cast<const torch::optim::AdamWParamState&>(
      *adamw.state().at(p.weight.unsafeGetTensorImpl()));
  EXPECT_EQ(state.step(), 3);
  EXPECT_TRUE(state.max_exp_avg_sq().defined());
}

}  // namespace
}  // namespace convstudio
