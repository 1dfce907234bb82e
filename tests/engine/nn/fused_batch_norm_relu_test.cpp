// BatchNorm2d + ReLU fused by hand (issue 33): the same outputs, gradients and running
// statistics as torch's batch_norm and relu, in NCHW and channels-last, at sizes whose channels
// and planes are not multiples of the vector width; and a resnet trained 100 steps fused and
// unfused from the same weights ends with the same losses.

#include <gtest/gtest.h>

#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"
#include "nn/fused_batch_norm_relu.h"
#include "nn/graph_module.h"

namespace convstudio {
namespace {

double max_difference(const torch::Tensor& a, const torch::Tensor& b) {
  return (a - b).abs().max().item<double>();
}

struct Case {
  std::int64_t n, c, side;
  bool channels_last;
};

class FusedBatchNormReluMatchesTorch : public ::testing::TestWithParam<Case> {};

TEST_P(FusedBatchNormReluMatchesTorch, OutputsGradientsAndRunningStatistics) {
  const Case shape = GetParam();
  torch::manual_seed(7);
  const auto format =
      shape.channels_last ? at::MemoryFormat::ChannelsLast : at::MemoryFormat::Contiguous;
  // A mean far from zero: the variance must not cancel away.
  const torch::Tensor x0 =
      (torch::randn({shape.n, shape.c, shape.side, shape.side}) * 3 + 40).contiguous(format);
  const torch::Tensor gy = torch::randn_like(x0);
  torch::nn::BatchNorm2d fused(torch::nn::BatchNorm2dOptions(shape.c).momentum(0.1).eps(1e-5));
  torch::nn::BatchNorm2d plain(torch::nn::BatchNorm2dOptions(shape.c).momentum(0.1).eps(1e-5));
  {
    torch::NoGradGuard no_grad;
    fused->weight.copy_(torch::rand({shape.c}) + 0.5);
    fused->bias.copy_(torch::randn({shape.c}));
    plain->weight.copy_(fused->weight);
    plain->bias.copy_(fused->bias);
  }
  fused->train();
  plain->train();

  const torch::Tensor x_fused = x0.clone().requires_grad_();
  ASSERT_TRUE(can_fuse_batch_norm_relu(x_fused, *fused));
  const torch::Tensor y_fused = fused_batch_norm_relu(x_fused, *fused);
  y_fused.backward(gy);
  const torch::Tensor x_plain = x0.clone().requires_grad_();
  const torch::Tensor y_plain = torch::relu(plain->forward(x_plain));
  y_plain.backward(gy);

  EXPECT_EQ(y_fused.is_contiguous(format), true);
  EXPECT_LT(max_difference(y_fused, y_plain), 1e-4);
  // About half the outputs are zero: the masks agree where it matters.
  EXPECT_EQ((y_fused > 0).sum().item<std::int64_t>(), (y_plain > 0).sum().item<std::int64_t>());
  EXPECT_LT(max_difference(x_fused.grad(), x_plain.grad()), 1e-4);
  EXPECT_LT(max_difference(fused->weight.grad(), plain->weight.grad()),
            1e-4 * plain->weight.grad().abs().max().item<double>() + 1e-4);
  EXPECT_LT(max_difference(fused->bias.grad(), plain->bias.grad()), 1e-3);
  EXPECT_LT(max_difference(fused->running_mean, plain->running_mean), 1e-4);
  EXPECT_LT(max_difference(fused->running_var, plain->running_var), 1e-4);
  EXPECT_EQ(fused->num_batches_tracked.item<std::int64_t>(), 1);
}

INSTANTIATE_TEST_SUITE_P(Shapes, FusedBatchNormReluMatchesTorch,
                         ::testing::Values(Case{8, 24, 16, false}, Case{8, 24, 16, true},
                                           Case{3, 13, 7, false}, Case{3, 13, 7, true},
                                           Case{4, 96, 5, true}, Case{5, 3, 1, false}));

TEST(FusedBatchNormRelu, RefusesWhatItCannotRun) {
  torch::nn::BatchNorm2d norm(8);
  EXPECT_FALSE(can_fuse_batch_norm_relu(torch::randn({4, 8, 5, 5}, torch::kDouble), *norm));
  EXPECT_FALSE(can_fuse_batch_norm_relu(torch::randn({4, 8, 5, 5}).transpose(2, 3), *norm));
  EXPECT_FALSE(can_fuse_batch_norm_relu(torch::randn({1, 8, 1, 1}), *norm));  // torch's error
  torch::nn::BatchNorm2d no_momentum(torch::nn::BatchNorm2dOptions(8).momentum(std::nullopt));
  EXPECT_FALSE(can_fuse_batch_norm_relu(torch::randn({4, 8, 5, 5}), *no_momentum));
}

// SGD steps of resnet-small on fixed random data, fused against unfused, from the same weights.
std::vector<double> train_losses(bool fuse, bool channels_last, GraphModule& module, int steps) {
  module->set_batch_norm_relu_fusion(fuse);
  module->set_channels_last(channels_last);
  module->train();
  torch::optim::SGD sgd(module->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));
  torch::manual_seed(3);
  const torch::Tensor images = torch::randn({16, 1, 16, 16});
  const torch::Tensor labels = torch::randint(0, 10, {16});
  std::vector<double> losses;
  for (int step = 0; step < steps; ++step) {
    sgd.zero_grad();
    const torch::Tensor loss = torch::cross_entropy_loss(module->forward(images), labels);
    loss.backward();
    sgd.step();
    losses.push_back(loss.item<double>());
  }
  return losses;
}

struct TwoModules {
  GraphModule fused, plain;
};

TwoModules same_resnet() {
  TemplateInstance instance =
      TemplateLibrary::instantiate("resnet-small", TensorShape::image(1, 16, 16), 10);
  const ModelAnalysis analysis = ShapeInference::run(*instance.graph);
  torch::manual_seed(11);
  TwoModules two{GraphModule(*instance.graph, analysis), GraphModule(*instance.graph, analysis)};
  torch::NoGradGuard no_grad;
  auto from = two.fused->named_parameters();
  for (auto& item : two.plain->named_parameters()) item.value().copy_(from[item.key()]);
  return two;
}

class FusedTraining : public ::testing::TestWithParam<bool> {};

TEST_P(FusedTraining, LossesEqualTheUnfusedPathOver100Steps) {
  const bool channels_last = GetParam();
  TwoModules two = same_resnet();
  // Every BatchNorm of resnet-small reads into a ReLU but those before a residual Add.
  EXPECT_EQ(two.fused->batch_norms_fused_with_relu(),
            (std::vector<std::string>{"stem_bn", "s1_bn1", "s2_bn1", "s3_bn1"}));
  const std::vector<double> with = train_losses(true, channels_last, two.fused, 100);
  const std::vector<double> without = train_losses(false, channels_last, two.plain, 100);
  ASSERT_EQ(with.size(), without.size());
  for (std::size_t i = 0; i < with.size(); ++i) {
    EXPECT_NEAR(with[i], without[i], 1e-3 * std::max(1.0, std::abs(without[i])))
        << "step " << i + 1;
  }
  EXPECT_LT(without.back(), without.front() * 0.5);  // it learned: the comparison means something
}

TEST_P(FusedTraining, RunningStatisticsEqualTheUnfusedPath) {
  // Over a few steps: later, rounding differences in the weights (SGD at lr 0.05 with momentum
  // on 16 images) move the statistics of every BatchNorm, fused or not, by a few percent.
  const bool channels_last = GetParam();
  TwoModules two = same_resnet();
  train_losses(true, channels_last, two.fused, 5);
  train_losses(false, channels_last, two.plain, 5);
  auto plain_buffers = two.plain->named_buffers();
  for (const auto& item : two.fused->named_buffers()) {
    const torch::Tensor& other = plain_buffers[item.key()];
    EXPECT_TRUE(torch::allclose(item.value(), other, 1e-3, 1e-3))
        << item.key() << " differs by " << (item.value() - other).abs().max().item<double>()
        << " of " << other.abs().max().item<double>();
  }
}

INSTANTIATE_TEST_SUITE_P(Layouts, FusedTraining, ::testing::Values(false, true));

TEST(FusedBatchNormRelu, NotFusedWhereTheBatchNormHasAnotherReader) {
  TemplateInstance instance =
      TemplateLibrary::instantiate("resnet-small", TensorShape::image(1, 16, 16), 10);
  ASSERT_TRUE(instance.graph);
  GraphModule module(*instance.graph, ShapeInference::run(*instance.graph));
  const std::vector<std::string> pairs = module->batch_norms_fused_with_relu();
  // A BatchNorm read by the residual Add (s*_bn2) stays as it is.
  for (const std::string& id : pairs) EXPECT_EQ(id.find("bn2"), std::string::npos) << id;
  module->set_batch_norm_relu_fusion(false);
  EXPECT_TRUE(module->batch_norms_fused_with_relu().empty());
}

}  // namespace
}  // namespace convstudio
