#include "convstudio/model/training_cost.h"

#include <gtest/gtest.h>

#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"
#include "graph_sketch.h"

namespace convstudio {
namespace {

using testing::GraphSketch;
using testing::i;

// input 1×4×4 -> conv 2@3×3 (out 2×2×2: 72 MACs) -> relu -> flatten -> output 3 (24 MACs).
Graph small_model() {
  return GraphSketch()
      .block("input", "Input", {{"channels", i(1)}, {"height", i(4)}, {"width", i(4)}})
      .then("conv", "Conv2d", {{"out_channels", i(2)}})
      .then("relu", "ReLU")
      .then("flat", "Flatten")
      .then("out", "Output", {{"classes", i(3)}})
      .graph();
}

std::int64_t flops_of(const Graph& graph) {
  const ModelAnalysis analysis = ShapeInference::run(graph);
  EXPECT_TRUE(analysis.ok());
  return training_flops_per_sample(graph, analysis);
}

TEST(TrainingCost, TheFirstLayerNeedsNoInputGradient) {
  const Graph graph = small_model();
  const ModelAnalysis analysis = ShapeInference::run(graph);
  ASSERT_EQ(analysis.find("conv")->macs, 72);
  ASSERT_EQ(analysis.find("out")->macs, 24);
  // conv: forward + weight gradient; out: forward + input gradient + weight gradient.
  EXPECT_EQ(flops_of(graph), 2 * 2 * 72 + 2 * 3 * 24);
  EXPECT_LT(flops_of(graph), 6 * analysis.total_macs());
}

TEST(TrainingCost, AFrozenBackboneCostsOnlyItsForwardPass) {
  Graph graph = small_model();
  graph.find_block("conv")->trainable = false;
  // conv: forward only; out: forward + weight gradient (nothing before it trains).
  EXPECT_EQ(flops_of(graph), 2 * 72 + 2 * 2 * 24);
}

TEST(TrainingCost, AFrozenHeadStillPassesTheGradientBack) {
  Graph graph = small_model();
  graph.find_block("out")->trainable = false;
  // conv trains, so the frozen head computes its input's gradient but not its weights'.
  EXPECT_EQ(flops_of(graph), 2 * 2 * 72 + 2 * 2 * 24);
}

TEST(TrainingCost, EverythingFrozenIsForwardOnly) {
  Graph graph =
      *TemplateLibrary::instantiate("resnet-small", TensorShape::image(3, 32, 32), 10).graph;
  for (const Block& block : std::vector<Block>(graph.blocks())) {
    graph.find_block(block.id)->trainable = false;
  }
  const ModelAnalysis analysis = ShapeInference::run(graph);
  ASSERT_TRUE(analysis.ok());
  EXPECT_EQ(training_flops_per_sample(graph, analysis), 2 * analysis.total_macs());
}

TEST(TrainingCost, AWholeResNetCostsJustUnderSixTimesItsMacs) {
  const Graph graph =
      *TemplateLibrary::instantiate("resnet-small", TensorShape::image(3, 32, 32), 10).graph;
  const ModelAnalysis analysis = ShapeInference::run(graph);
  ASSERT_TRUE(analysis.ok());
  const std::int64_t flops = training_flops_per_sample(graph, analysis);
  const std::int64_t first_conv_macs = analysis.find("stem_conv")->macs;
  EXPECT_EQ(flops, 6 * analysis.total_macs() - 2 * first_conv_macs);
}

}  // namespace
}  // namespace convstudio
