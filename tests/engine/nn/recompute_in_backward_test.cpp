// Activation checkpointing (Block::recompute): a marked block keeps no activations for backward
// and runs its forward again during it. The gradients, the random numbers and the BatchNorm
// statistics must come out as if nothing had been recomputed.

#include <gtest/gtest.h>

#include <optional>

#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"
#include "nn/cpu_allocation_meter.h"
#include "nn/graph_module.h"

namespace convstudio {
namespace {

struct Trained {
  double loss = 0;
  std::map<std::string, torch::Tensor> grads;
  std::map<std::string, torch::Tensor> buffers;
  torch::Tensor next_random;  // the generator's next draw after the step
};

// One training step (forward, loss, backward) of `graph` from the weights in `weights`, with
// the random generator seeded the same way.
Trained train_step(const Graph& graph, const torch::Tensor& images, const torch::Tensor& labels,
                   GraphModule& weights, bool fuse) {
  GraphModule module(graph, ShapeInference::run(graph));
  // Compared bitwise: a BatchNorm fused with its ReLU in one model and not in the other (each
  // block recomputed alone) sums in another order (fused_batch_norm_relu_test.cpp).
  module->set_batch_norm_relu_fusion(fuse);
  {
    torch::NoGradGuard no_grad;
    auto from = weights->named_parameters();
    for (auto& item : module->named_parameters()) item.value().copy_(from[item.key()]);
    auto from_buffers = weights->named_buffers();
    for (auto& item : module->named_buffers()) item.value().copy_(from_buffers[item.key()]);
  }
  module->train();
  torch::manual_seed(1234);
  const torch::Tensor loss = torch::cross_entropy_loss(module->forward(images), labels);
  loss.backward();
  Trained result;
  result.loss = loss.item<double>();
  for (const auto& item : module->named_parameters()) {
    const torch::Tensor& grad = item.value().grad();
    result.grads[item.key()] = grad.defined() ? grad.clone() : torch::Tensor();
  }
  for (const auto& item : module->named_buffers())
    result.buffers[item.key()] = item.value().clone();
  result.next_random = torch::rand({4});
  return result;
}

Graph template_graph(const std::string& name) {
  TemplateInstance instance = TemplateLibrary::instantiate(name, TensorShape::image(3, 16, 16), 5);
  EXPECT_TRUE(instance.graph.has_value()) << name;
  return *instance.graph;
}

bool has_type(const Graph& graph, const std::string& type) {
  for (const Block& block : graph.blocks()) {
    if (block.type == type) return true;
  }
  return false;
}

// Marks the blocks `group_of` gives a group ("" recomputes the block alone, nullopt leaves it).
void expect_same_step_in_groups(
    const std::string& name,
    const std::function<std::optional<std::string>(const Block&)>& group_of, bool fuse = false) {
  const Graph plain = template_graph(name);
  Graph marked = plain;
  int count = 0;
  for (const Block& block : plain.blocks()) {
    const std::optional<std::string> group = group_of(block);
    if (!group) continue;
    marked.find_block(block.id)->recompute = true;
    marked.find_block(block.id)->recompute_group = *group;
    ++count;
  }
  ASSERT_TRUE(ShapeInference::run(marked).ok()) << name;
  ASSERT_GT(count, 0) << name;
  torch::manual_seed(5);
  GraphModule weights(plain, ShapeInference::run(plain));
  const torch::Tensor images = torch::randn({6, 3, 16, 16});
  const torch::Tensor labels = torch::randint(0, 5, {6});

  const Trained expected = train_step(plain, images, labels, weights, fuse);
  const Trained got = train_step(marked, images, labels, weights, fuse);
  EXPECT_EQ(got.loss, expected.loss) << name;
  ASSERT_EQ(got.grads.size(), expected.grads.size());
  for (const auto& [tensor, grad] : expected.grads) {
    ASSERT_TRUE(grad.defined() && got.grads.at(tensor).defined()) << name << ": " << tensor;
    const double difference = (got.grads.at(tensor) - grad).abs().max().item<double>();
    EXPECT_LE(difference, 1e-6) << name << ": " << tensor;
  }
  // BatchNorm's running statistics (and its batch count) moved once, not twice.
  for (const auto& [tensor, buffer] : expected.buffers) {
    EXPECT_TRUE(torch::equal(got.buffers.at(tensor), buffer)) << name << ": " << tensor;
  }
  // The recomputation put the generator back where the forward left it.
  EXPECT_TRUE(torch::equal(got.next_random, expected.next_random)) << name;
}

void expect_same_step(const std::string& name, const std::function<bool(const Block&)>& mark) {
  expect_same_step_in_groups(name, [&](const Block& block) -> std::optional<std::string> {
    return mark(block) ? std::optional<std::string>("") : std::nullopt;
  });
}

TEST(RecomputeInBackward, EveryBlockRecomputedGivesTheSameGradientsWithDropoutAndBatchNorm) {
  ASSERT_TRUE(has_type(template_graph("vgg-small"), "Dropout"));
  ASSERT_TRUE(has_type(template_graph("vgg-small"), "BatchNorm2d"));
  expect_same_step("vgg-small", [](const Block&) { return true; });
}

TEST(RecomputeInBackward, RecomputedDropoutDrawsTheSameMask) {
  expect_same_step("mobilenet-small", [](const Block& b) { return b.type == "Dropout"; });
}

TEST(RecomputeInBackward, RecomputedBatchNormUpdatesItsStatisticsOnce) {
  expect_same_step("resnet-small", [](const Block& b) { return b.type == "BatchNorm2d"; });
}

TEST(RecomputeInBackward, ResidualAddsWithTwoInputsRecompute) {
  expect_same_step("resnet-small", [](const Block& b) { return b.type != "Input"; });
}

TEST(RecomputeInBackward, AWholeModelAsOneGroupWithDropoutAndBatchNormGivesTheSameStep) {
  expect_same_step_in_groups("vgg-small", [](const Block& b) -> std::optional<std::string> {
    if (b.type == "Input") return std::nullopt;
    return "all";
  });
}

TEST(RecomputeInBackward, AWholeModelAsOneGroupFusesBatchNormAndReluAsThePlainModelDoes) {
  // Fused on both sides: the group's forward and its recomputation run the fused kernel, and the
  // statistics still move once.
  expect_same_step_in_groups(
      "resnet-small",
      [](const Block& b) -> std::optional<std::string> {
        if (b.type == "Input") return std::nullopt;
        return "all";
      },
      /*fuse=*/true);
}

TEST(RecomputeInBackward, TwoGroupsSplitInsideAResidualStageGiveTheSameStep) {
  // The first blocks of the dependency order form one group and the rest another, so a residual
  // stage is cut in two: the first group hands the second more than one value.
  const Graph graph = template_graph("resnet-small");
  const ModelAnalysis analysis = ShapeInference::run(graph);
  std::map<std::string, std::string> group;
  for (std::size_t b = 1; b < analysis.blocks.size(); ++b) {
    group[analysis.blocks[b].id] = b < analysis.blocks.size() / 2 + 2 ? "front" : "back";
  }
  expect_same_step_in_groups("resnet-small", [&](const Block& b) -> std::optional<std::string> {
    auto it = group.find(b.id);
    if (it == group.end()) return std::nullopt;
    return it->second;
  });
}

TEST(RecomputeInBackward, AGroupKeepsOnlyItsInputsAliveAfterTheForward) {
  // Tensor memory alive between the forward and the backward (what autograd keeps): with every
  // block but the Input in one group, the batch's logits and little else; block by block, most
  // of what no recomputation keeps.
  const Graph plain = template_graph("resnet-small");
  Graph alone = plain;
  Graph grouped = plain;
  for (const Block& block : plain.blocks()) {
    if (block.type == "Input") continue;
    alone.find_block(block.id)->recompute = true;
    grouped.find_block(block.id)->recompute = true;
    grouped.find_block(block.id)->recompute_group = "all";
  }
  const torch::Tensor images = torch::randn({32, 3, 16, 16});
  const auto kept_after_forward = [&](const Graph& graph) {
    GraphModule module(graph, ShapeInference::run(graph));
    module->train();
    CpuAllocationMeter meter;
    const torch::Tensor logits = module->forward(images);
    const std::int64_t kept = meter.live_bytes();
    logits.sum().backward();
    return kept;
  };
  const std::int64_t none = kept_after_forward(plain);
  const std::int64_t each = kept_after_forward(alone);
  const std::int64_t group = kept_after_forward(grouped);
  EXPECT_GT(none, 100 * 1024);
  EXPECT_GT(each * 2, none);
  EXPECT_LT(group * 20, none);
}

TEST(RecomputeInBackward, FrozenRecomputedBlocksStillPassGradientsToEarlierBlocks) {
  const Graph plain = template_graph("lenet5");
  Graph graph = plain;
  for (const Block& block : plain.blocks()) {
    if (block.type == "Linear") graph.find_block(block.id)->trainable = false;
  }
  GraphModule weights(graph, ShapeInference::run(graph));
  const torch::Tensor images = torch::randn({4, 3, 16, 16});
  const torch::Tensor labels = torch::randint(0, 5, {4});
  const Trained expected = train_step(graph, images, labels, weights, false);
  for (const Block& block : plain.blocks()) graph.find_block(block.id)->recompute = true;
  const Trained got = train_step(graph, images, labels, weights, false);
  for (const auto& [tensor, grad] : expected.grads) {
    EXPECT_EQ(got.grads.at(tensor).defined(), grad.defined()) << tensor;
    if (!grad.defined()) continue;
    EXPECT_LE((got.grads.at(tensor) - grad).abs().max().item<double>(), 1e-6) << tensor;
  }
}

TEST(RecomputeInBackward, EvaluationRunsThePlainForward) {
  const Graph graph = template_graph("vgg-small");
  GraphModule plain(graph, ShapeInference::run(graph));
  Graph recomputed = graph;
  for (const Block& block : graph.blocks()) recomputed.find_block(block.id)->recompute = true;
  GraphModule marked(recomputed, ShapeInference::run(recomputed));
  {
    torch::NoGradGuard no_grad;
    auto from = plain->named_parameters();
    for (auto& item : marked->named_parameters()) item.value().copy_(from[item.key()]);
  }
  plain->eval();
  marked->eval();
  torch::NoGradGuard no_grad;
  const torch::Tensor images = torch::randn({2, 3, 16, 16});
  EXPECT_TRUE(torch::equal(marked->forward(images), plain->forward(images)));
}

}  // namespace
}  // namespace convstudio
