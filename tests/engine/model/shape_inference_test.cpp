#include "convstudio/model/shape_inference.h"

#include <gtest/gtest.h>

#include "convstudio/model/layer_catalog.h"
#include "graph_sketch.h"

namespace convstudio {
namespace {

using testing::GraphSketch;
using testing::i;

GraphSketch input(std::int64_t c, std::int64_t h, std::int64_t w) {
  return GraphSketch().block("input", "Input",
                             {{"channels", i(c)}, {"height", i(h)}, {"width", i(w)}});
}

TEST(ShapeInference, ConvolutionFollowsPyTorchArithmetic) {
  const Graph graph = input(4, 15, 11)
                          .then("conv", "Conv2d",
                                {{"out_channels", i(8)},
                                 {"kernel", i(3)},
                                 {"stride", i(2)},
                                 {"padding", i(2)},
                                 {"dilation", i(2)},
                                 {"groups", i(2)}})
                          .then("flat", "Flatten")
                          .then("out", "Output")
                          .graph();
  const ModelAnalysis analysis = ShapeInference::run(graph);
  ASSERT_TRUE(analysis.ok());
  // span 5: (15 + 4 - 5) / 2 + 1 = 8, (11 + 4 - 5) / 2 + 1 = 6.
  EXPECT_EQ(analysis.find("conv")->output_shape, TensorShape::image(8, 8, 6));
  EXPECT_EQ(analysis.find("conv")->params, 8 * 2 * 9 + 8);
  EXPECT_EQ(analysis.find("conv")->macs, 8 * 8 * 6 * 2 * 9);
}

TEST(ShapeInference, SamePaddingKeepsSizeEvenForEvenKernels) {
  const Graph graph =
      input(3, 9, 7)
          .then("conv", "Conv2d", {{"kernel", i(4)}, {"padding_mode", std::string("same")}})
          .then("flat", "Flatten")
          .then("out", "Output")
          .graph();
  const ModelAnalysis analysis = ShapeInference::run(graph);
  ASSERT_TRUE(analysis.ok());
  EXPECT_EQ(analysis.find("conv")->output_shape, TensorShape::image(16, 9, 7));
}

TEST(ShapeInference, PoolsBatchNormMergesAndOutputCosts) {
  const Graph graph =
      input(3, 10, 10)
          .then("bn", "BatchNorm2d")
          .then("max", "MaxPool2d", {{"kernel", i(3)}, {"stride", i(2)}, {"padding", i(1)}})
          .then("avg", "AvgPool2d")
          .block("cat", "Concat")
          .wire("avg", "cat", 0)
          .wire("avg", "cat", 1)
          .then("gap", "AdaptiveAvgPool2d", {{"output_size", i(2)}})
          .then("flat", "Flatten")
          .then("out", "Output", {{"classes", i(5)}})
          .graph();
  const ModelAnalysis analysis = ShapeInference::run(graph);
  ASSERT_TRUE(analysis.ok());
  EXPECT_EQ(analysis.find("bn")->params, 6);  // running stats are buffers
  EXPECT_EQ(analysis.find("max")->output_shape, TensorShape::image(3, 5, 5));
  EXPECT_EQ(analysis.find("avg")->output_shape, TensorShape::image(3, 2, 2));
  EXPECT_EQ(analysis.find("cat")->output_shape, TensorShape::image(6, 2, 2));
  EXPECT_EQ(analysis.find("gap")->output_shape, TensorShape::image(6, 2, 2));
  EXPECT_EQ(analysis.find("out")->params, 24 * 5 + 5);
  EXPECT_EQ(analysis.find("out")->macs, 24 * 5);
  EXPECT_EQ(analysis.total_params(), 6 + 125);
  EXPECT_EQ(analysis.find("max")->activation_bytes, 75 * 4);
}

TEST(ShapeInference, InputOverrideReplacesTheInputBlockShape) {
  const Graph graph = input(1, 28, 28).then("flat", "Flatten").then("out", "Output").graph();
  const ModelAnalysis analysis = ShapeInference::run(graph, TensorShape::image(3, 4, 4));
  ASSERT_TRUE(analysis.ok());
  EXPECT_EQ(analysis.input_shape, TensorShape::image(3, 4, 4));
  EXPECT_EQ(analysis.find("flat")->output_shape, TensorShape::flat(48));
}

// Every catalog type (other than Input and Output) placed on a small image has a shape rule.
TEST(ShapeInference, EveryCatalogTypeHasARule) {
  for (const BlockSpec& spec : LayerCatalog::instance().blocks()) {
    if (spec.type == "Input" || spec.type == "Output") continue;
    SCOPED_TRACE(spec.type);
    GraphSketch sketch = input(4, 6, 6);
    const std::string feed = spec.type == "Linear" ? "flat0" : "input";
    if (feed == "flat0") sketch.then("flat0", "Flatten");
    sketch.block("x", spec.type);
    for (int port = 0; port < spec.min_inputs; ++port) sketch.wire(feed, "x", port);
    const Graph graph = sketch.then("flat", "Flatten").then("out", "Output").graph();
    const ModelAnalysis analysis = ShapeInference::run(graph);
    EXPECT_TRUE(analysis.ok()) << analysis.errors.front().message;
    ASSERT_NE(analysis.find("x"), nullptr);
  }
}

TEST(TensorShape, PrintsAndParsesWithTheMultiplicationSign) {
  EXPECT_EQ(TensorShape::image(16, 5, 5).to_string(), "16\u00d75\u00d75");
  EXPECT_EQ(TensorShape::parse("3x32x32"), TensorShape::image(3, 32, 32));
  EXPECT_EQ(TensorShape::parse("3\u00d732\u00d732"), TensorShape::image(3, 32, 32));
  EXPECT_EQ(TensorShape::parse("784"), TensorShape::flat(784));
  EXPECT_TRUE(TensorShape::parse("3x32").empty());
  EXPECT_TRUE(TensorShape::parse("0x2x2").empty());
}

TEST(ShapeInference, TheLastBlockOfAnUnfinishedChainStillHasItsShape) {
  // Input → Conv2d, not wired on to the Output yet: the conv's output goes nowhere (an error),
  // but its shape is known and shown.
  const Graph graph = input(1, 28, 28)
                          .then("conv", "Conv2d", {{"out_channels", i(6)}, {"kernel", i(5)}})
                          .block("out", "Output")
                          .graph();
  const ModelAnalysis analysis = ShapeInference::run(graph);
  ASSERT_FALSE(analysis.ok());
  ASSERT_NE(analysis.find("conv"), nullptr);
  EXPECT_EQ(analysis.find("conv")->output_shape, TensorShape::image(6, 24, 24));
}

}  // namespace
}  // namespace convstudio
