// BatchNorm2d + ReLU, and BatchNorm2d + Add + ReLU, fused by hand (issue 33): the same outputs,
// gradients and running statistics as torch's batch_norm, add and relu, in NCHW and
// channels-last, at sizes whose channels and planes are not multiples of the vector width; and a
// resnet trained 100 steps fused and unfused from the same weights ends with the same losses. In
// fp32, and in bf16 as autocast runs a BatchNorm after a convolution (bf16 data, fp32 parameters
// and statistics).

#include <gtest/gtest.h>

#include "../model/graph_sketch.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"
#include "nn/fused_batch_norm_relu.h"
#include "nn/graph_module.h"
#include "train/autocast_guard.h"

namespace convstudio {
namespace {

double max_difference(const torch::Tensor& a, const torch::Tensor& b) {
  return (a - b).abs().max().item<double>();
}

struct Case {
  std::int64_t n, c, side;
  bool channels_last;
  bool bf16 = false;
  bool residual = false;  // relu(bn(x) + r)
};

// The largest difference allowed from torch's result `reference`: fp32 agrees to rounding. bf16
// is compared with torch in fp32 on the same bf16 values, as the kernels compute it and round
// once; 8 bits keep a relative 2⁻⁹. (torch's bf16 path rounds after each operation: where
// bn(x) + r is near zero, the double rounding can flip the ReLU's mask.)
double allowed(const Case& shape, const torch::Tensor& reference) {
  return shape.bf16 ? 1e-2 * (1 + reference.abs().max().item<double>()) : 1e-4;
}

class FusedBatchNormReluMatchesTorch : public ::testing::TestWithParam<Case> {};

TEST_P(FusedBatchNormReluMatchesTorch, OutputsGradientsAndRunningStatistics) {
  const Case shape = GetParam();
  torch::manual_seed(7);
  const auto format =
      shape.channels_last ? at::MemoryFormat::ChannelsLast : at::MemoryFormat::Contiguous;
  // A mean far from zero: the variance must not cancel away.
  const torch::Tensor x0 = (torch::randn({shape.n, shape.c, shape.side, shape.side}) * 3 + 40)
                               .to(shape.bf16 ? torch::kBFloat16 : torch::kFloat)
                               .contiguous(format);
  const torch::Tensor gy = torch::randn_like(x0);
  const torch::Tensor r0 = (torch::randn_like(x0, torch::kFloat) * 2).to(x0.scalar_type());
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
  const torch::Tensor r_fused = r0.clone().requires_grad_();
  ASSERT_TRUE(can_fuse_batch_norm_relu(x_fused, *fused));
  ASSERT_TRUE(can_fuse_batch_norm_add_relu(x_fused, r_fused, *fused));
  const torch::Tensor y_fused = shape.residual ? fused_batch_norm_add_relu(x_fused, r_fused, *fused)
                                               : fused_batch_norm_relu(x_fused, *fused);
  y_fused.backward(gy);
  const torch::Tensor x_plain = x0.to(torch::kFloat).requires_grad_();
  const torch::Tensor r_plain = r0.to(torch::kFloat).requires_grad_();
  const torch::Tensor normalised = plain->forward(x_plain);
  const torch::Tensor y_plain = torch::relu(shape.residual ? normalised + r_plain : normalised);
  y_plain.backward(gy.to(torch::kFloat));
  if (shape.residual) {
    ASSERT_TRUE(r_fused.grad().defined());
    EXPECT_LT(max_difference(r_fused.grad(), r_plain.grad()), allowed(shape, r_plain.grad()));
  }

  EXPECT_EQ(y_fused.is_contiguous(format), true);
  ASSERT_EQ(y_fused.scalar_type(), x0.scalar_type());
  ASSERT_EQ(x_fused.grad().scalar_type(), x0.scalar_type());
  EXPECT_EQ(fused->weight.grad().scalar_type(), torch::kFloat);
  EXPECT_LT(max_difference(y_fused, y_plain), allowed(shape, y_plain));
  // About half the outputs are zero: the masks agree where it matters.
  EXPECT_EQ((y_fused > 0).sum().item<std::int64_t>(), (y_plain > 0).sum().item<std::int64_t>());
  EXPECT_LT(max_difference(x_fused.grad(), x_plain.grad()), allowed(shape, x_plain.grad()));
  EXPECT_LT(max_difference(fused->weight.grad(), plain->weight.grad()),
            1e-4 * plain->weight.grad().abs().max().item<double>() + 1e-4);
  EXPECT_LT(max_difference(fused->bias.grad(), plain->bias.grad()), 1e-3);
  EXPECT_LT(max_difference(fused->running_mean, plain->running_mean), 1e-4);
  EXPECT_LT(max_difference(fused->running_var, plain->running_var), 1e-4);
  EXPECT_EQ(fused->num_batches_tracked.item<std::int64_t>(), 1);
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, FusedBatchNormReluMatchesTorch,
    ::testing::Values(Case{8, 24, 16, false}, Case{8, 24, 16, true}, Case{3, 13, 7, false},
                      Case{3, 13, 7, true}, Case{4, 96, 5, true}, Case{5, 3, 1, false},
                      Case{8, 24, 16, false, true}, Case{8, 24, 16, true, true},
                      Case{3, 13, 7, false, true}, Case{3, 13, 7, true, true},
                      Case{4, 96, 5, true, true}, Case{8, 24, 16, false, false, true},
                      Case{8, 24, 16, true, false, true}, Case{3, 13, 7, true, false, true},
                      Case{3, 13, 7, false, true, true}, Case{8, 24, 16, true, true, true},
                      Case{4, 96, 5, true, true, true}));

TEST(FusedBatchNormRelu, RefusesWhatItCannotRun) {
  torch::nn::BatchNorm2d norm(8);
  EXPECT_FALSE(can_fuse_batch_norm_relu(torch::randn({4, 8, 5, 5}, torch::kDouble), *norm));
  EXPECT_FALSE(can_fuse_batch_norm_relu(torch::randn({4, 8, 5, 5}, torch::kHalf), *norm));
  torch::nn::BatchNorm2d bf16_weights(8);
  bf16_weights->to(torch::kBFloat16);  // a model cast to bf16, not autocast's fp32 parameters
  EXPECT_FALSE(
      can_fuse_batch_norm_relu(torch::randn({4, 8, 5, 5}, torch::kBFloat16), *bf16_weights));
  // A residual the Add would promote or broadcast, or in another layout, is not fused.
  const torch::Tensor x = torch::randn({4, 8, 5, 5});
  EXPECT_TRUE(can_fuse_batch_norm_add_relu(x, torch::randn({4, 8, 5, 5}), *norm));
  EXPECT_FALSE(can_fuse_batch_norm_add_relu(x, torch::randn({4, 8, 5, 5}, torch::kDouble), *norm));
  EXPECT_FALSE(can_fuse_batch_norm_add_relu(x, torch::randn({1, 8, 5, 5}), *norm));
  EXPECT_FALSE(can_fuse_batch_norm_add_relu(
      x, torch::randn({4, 8, 5, 5}).contiguous(at::MemoryFormat::ChannelsLast), *norm));
  EXPECT_FALSE(can_fuse_batch_norm_add_relu(x, torch::Tensor(), *norm));
  EXPECT_FALSE(can_fuse_batch_norm_relu(torch::randn({4, 8, 5, 5}).transpose(2, 3), *norm));
  EXPECT_FALSE(can_fuse_batch_norm_relu(torch::randn({1, 8, 1, 1}), *norm));  // torch's error
  torch::nn::BatchNorm2d no_momentum(torch::nn::BatchNorm2dOptions(8).momentum(std::nullopt));
  EXPECT_FALSE(can_fuse_batch_norm_relu(torch::randn({4, 8, 5, 5}), *no_momentum));
}

// SGD steps of resnet-small on fixed random data, fused against unfused, from the same weights.
struct Layout {
  bool channels_last;
  AmpMode amp = AmpMode::Off;
};

std::vector<double> train_losses(bool fuse, Layout layout, GraphModule& module, int steps) {
  module->set_batch_norm_relu_fusion(fuse);
  module->set_channels_last(layout.channels_last);
  module->train();
  torch::optim::SGD sgd(module->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));
  torch::manual_seed(3);
  const torch::Tensor images = torch::randn({16, 1, 16, 16});
  const torch::Tensor labels = torch::randint(0, 10, {16});
  std::vector<double> losses;
  for (int step = 0; step < steps; ++step) {
    sgd.zero_grad();
    torch::Tensor logits;
    {
      const AutocastGuard autocast(torch::kCPU, layout.amp);
      logits = module->forward(images);
    }
    const torch::Tensor loss = torch::cross_entropy_loss(logits.to(torch::kFloat), labels);
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

class FusedTraining : public ::testing::TestWithParam<Layout> {};

TEST_P(FusedTraining, LossesEqualTheUnfusedPathOver100Steps) {
  const Layout layout = GetParam();
  TwoModules two = same_resnet();
  // Every BatchNorm of resnet-small reads into a ReLU, directly or through the residual Add; of
  // an Add's two BatchNorms (s2, s3) the first port's fuses, the projection's is the residual.
  EXPECT_EQ(two.fused->batch_norms_fused_with_relu(),
            (std::vector<std::string>{"stem_bn", "s1_bn1", "s1_bn2", "s2_bn1", "s2_bn2", "s3_bn1",
                                      "s3_bn2"}));
  const std::vector<double> with = train_losses(true, layout, two.fused, 100);
  const std::vector<double> without = train_losses(false, layout, two.plain, 100);
  ASSERT_EQ(with.size(), without.size());
  // bf16 rounds each BatchNorm's output to 8 bits; a value on a rounding boundary can go either
  // way, fused or not, and the differences grow over the steps.
  const double tolerance = layout.amp == AmpMode::Off ? 1e-3 : 1e-2;
  for (std::size_t i = 0; i < with.size(); ++i) {
    EXPECT_NEAR(with[i], without[i], tolerance * std::max(1.0, std::abs(without[i])))
        << "step " << i + 1;
  }
  EXPECT_LT(without.back(), without.front() * 0.5);  // it learned: the comparison means something
}

TEST_P(FusedTraining, RunningStatisticsEqualTheUnfusedPath) {
  // Over a few steps: later, rounding differences in the weights (SGD at lr 0.05 with momentum
  // on 16 images) move the statistics of every BatchNorm, fused or not, by a few percent.
  const Layout layout = GetParam();
  TwoModules two = same_resnet();
  train_losses(true, layout, two.fused, 5);
  train_losses(false, layout, two.plain, 5);
  const double tolerance = layout.amp == AmpMode::Off ? 1e-3 : 1e-2;  // bf16: as the losses
  auto plain_buffers = two.plain->named_buffers();
  for (const auto& item : two.fused->named_buffers()) {
    const torch::Tensor& other = plain_buffers[item.key()];
    EXPECT_TRUE(torch::allclose(item.value(), other, tolerance, tolerance))
        << item.key() << " differs by " << (item.value() - other).abs().max().item<double>()
        << " of " << other.abs().max().item<double>();
  }
}

INSTANTIATE_TEST_SUITE_P(Layouts, FusedTraining,
                         ::testing::Values(Layout{false}, Layout{true},
                                           Layout{false, AmpMode::Bf16},
                                           Layout{true, AmpMode::Bf16}));

TEST(FusedBatchNormRelu, AnAddFusesOneBatchNormAndNoBatchNormWithAnotherReaderFuses) {
  TemplateInstance instance =
      TemplateLibrary::instantiate("resnet-small", TensorShape::image(1, 16, 16), 10);
  ASSERT_TRUE(instance.graph);
  GraphModule module(*instance.graph, ShapeInference::run(*instance.graph));
  const std::vector<std::string> pairs = module->batch_norms_fused_with_relu();
  // The projections' BatchNorms are the residuals of the Adds that fuse s2_bn2 and s3_bn2.
  for (const std::string& id : pairs) EXPECT_EQ(id.find("proj"), std::string::npos) << id;
  EXPECT_EQ(pairs.size(), 7u);
  module->set_batch_norm_relu_fusion(false);
  EXPECT_TRUE(module->batch_norms_fused_with_relu().empty());
}

// A BatchNorm whose Add adds the fp32 graph input under bf16 autocast: the Add would promote, so
// the pair cannot fuse, and the step runs the BatchNorm and the Add one after the other, exactly
// as the unfused model does.
TEST(FusedBatchNormRelu, AResidualOfAnotherTypeRunsTheBatchNormAndTheAddAsTheyAre) {
  using testing::i;
  const Graph graph =
      testing::GraphSketch()
          .block("input", "Input", {{"channels", i(4)}, {"height", i(6)}, {"width", i(6)}})
          .then("conv", "Conv2d", {{"out_channels", i(4)}, {"padding", i(1)}})
          .then("bn", "BatchNorm2d")
          .then("add", "Add")
          .wire("input", "add", 1)
          .then("relu", "ReLU")
          .then("flat", "Flatten")
          .then("out", "Output", {{"classes", i(3)}})
          .graph();
  const ModelAnalysis analysis = ShapeInference::run(graph);
  ASSERT_TRUE(analysis.ok()) << analysis.errors.front().message;
  torch::manual_seed(5);
  GraphModule fused(graph, analysis), plain(graph, analysis);
  {
    torch::NoGradGuard no_grad;
    auto from = fused->named_parameters();
    for (auto& item : plain->named_parameters()) item.value().copy_(from[item.key()]);
  }
  EXPECT_EQ(fused->batch_norms_fused_with_relu(), std::vector<std::string>{"bn"});
  plain->set_batch_norm_relu_fusion(false);
  const torch::Tensor images = torch::randn({8, 4, 6, 6});
  const auto logits = [&](GraphModule& module) {
    module->train();
    const AutocastGuard autocast(torch::kCPU, AmpMode::Bf16);
    return module->forward(images);
  };
  const torch::Tensor with = logits(fused), without = logits(plain);
  EXPECT_TRUE(torch::equal(with, without));
  with.to(torch::kFloat).sum().backward();
  without.to(torch::kFloat).sum().backward();
  const auto plain_parameters = plain->named_parameters();
  for (const auto& item : fused->named_parameters()) {
    EXPECT_TRUE(torch::equal(item.value().grad(), plain_parameters[item.key()].grad()))
        << item.key();
  }
  EXPECT_TRUE(torch::equal(fused->named_buffers()["bn.running_mean"],
                           plain->named_buffers()["bn.running_mean"]));
}

}  // namespace
}  // namespace convstudio
