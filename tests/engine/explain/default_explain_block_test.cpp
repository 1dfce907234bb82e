// The block explained unless the user picks another: the one feeding the global pooling or the
// flatten on the main path (pytorch-grad-cam's usual layer), never a residual skip projection.

#include <gtest/gtest.h>

#include "convstudio/explain/default_explain_block.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"

namespace convstudio {
namespace {

std::string default_block_of(const std::string& name) {
  const TemplateInstance made =
      TemplateLibrary::instantiate(name, TensorShape::image(1, 28, 28), 10);
  EXPECT_TRUE(made.graph) << name;
  if (!made.graph) return {};
  return default_explain_block(*made.graph, ShapeInference::run(*made.graph));
}

TEST(DefaultExplainBlock, Lenet5TakesTheBlockFeedingTheFlatten) {
  EXPECT_EQ(default_block_of("lenet5"), "pool2");
}

TEST(DefaultExplainBlock, ResnetSmallTakesTheLastStagesOutputNotItsSkipProjection) {
  // The last convolution in graph order is the 1×1 projection s3_proj; the block feeding the
  // global pooling is the last residual stage's output.
  EXPECT_EQ(default_block_of("resnet-small"), "s3_relu2");
}

TEST(DefaultExplainBlock, AGraphWithoutSpatialOutputsHasNone) {
  Graph graph;
  EXPECT_EQ(default_explain_block(graph, ShapeInference::run(graph)), "");
}

}  // namespace
}  // namespace convstudio
