// RMSprop's own rules, beyond what every optimizer is checked for (every_optimizer_test.cpp):
// PyTorch's alpha and eps, and a checkpoint state that cannot go on with the run's momentum.

#include <gtest/gtest.h>

#include "checkpoint/optimizer_state.h"
#include "train/optimizer_factory.h"

namespace convstudio {
namespace {

TrainingSettings rmsprop_settings(double momentum) {
  TrainingSettings settings;
  settings.optimizer.kind = *parse_optimizer_kind("rmsprop");
  settings.optimizer.lr = 0.001;
  settings.optimizer.momentum = momentum;
  settings.optimizer.weight_decay = 0;
  return settings;
}

// One step from weight 1 with gradient 0.5: the average of squares is (1 - 0.99) × 0.25, so the
// step is lr × 0.5 / (sqrt(0.0025) + 1e-8), with or without momentum (its buffer starts at 0).
TEST(RmspropOptimizer, FirstStepFollowsPyTorchsAlphaAndEps) {
  for (double momentum : {0.0, 0.9}) {
    torch::Tensor weight = torch::ones({1}, torch::kDouble).requires_grad_();
    auto optimizer = make_optimizer(rmsprop_settings(momentum), {weight});
    weight.mutable_grad() = torch::full({1}, 0.5, torch::kDouble);
    optimizer->step();
    EXPECT_NEAR(weight.item<double>(), 1 - 0.001 * 0.5 / (0.05 + 1e-8), 1e-12)
        << "momentum " << momentum;
  }
}

// A state saved without momentum has no momentum buffer: a run with momentum refuses it instead
// of stepping with a buffer that is not there.
TEST(RmspropOptimizer, StateWithoutAMomentumBufferIsRefusedWhenTheRunHasMomentum) {
  torch::Tensor weight = torch::ones({3}).requires_grad_();
  auto plain = make_optimizer(rmsprop_settings(0), {weight});
  weight.mutable_grad() = torch::ones({3});
  plain->step();
  const std::string saved = save_optimizer_state(*plain);

  auto with_momentum = make_optimizer(rmsprop_settings(0.9), {weight});
  const auto error = load_optimizer_state(*with_momentum, saved, "optimizer.safetensors");
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->message.find("0.0. misses momentum_buffer"), std::string::npos)
      << error->describe();
  EXPECT_TRUE(with_momentum->state().empty());

  auto without = make_optimizer(rmsprop_settings(0), {weight});
  EXPECT_FALSE(load_optimizer_state(*without, saved, "optimizer.safetensors").has_value());
  EXPECT_EQ(save_optimizer_state(*without), saved);
}

}  // namespace
}  // namespace convstudio
