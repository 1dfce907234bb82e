// Shape inference on graphs far larger than anyone draws: the builder reruns it on every edit,
// so it must be linear in blocks + wires (it once looked every block and its inputs up by
// scanning the whole graph, which is quadratic).

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <string>

#include "convstudio/model/shape_inference.h"

namespace convstudio {
namespace {

using BlockParams = std::map<std::string, ParamValue, std::less<>>;

constexpr int kUnits = 25000;  // 4 blocks each: 100,000 blocks

std::string idOf(const char* kind, int unit) {
  return kind + std::to_string(unit);
}

// Input, then residual units (ReLU, Sigmoid, Add of the two, Tanh), Flatten, Output.
Graph residualChain() {
  Graph graph;
  auto block = [&](const std::string& id, const char* type, BlockParams params = {}) {
    Block added;
    added.id = id;
    added.type = type;
    added.params = std::move(params);
    EXPECT_TRUE(graph.insert_block(std::move(added)));
  };
  block("input", "Input",
        {{"channels", std::int64_t{2}}, {"height", std::int64_t{3}}, {"width", std::int64_t{3}}});
  std::string last = "input";
  for (int u = 0; u < kUnits; ++u) {
    block(idOf("relu", u), "ReLU");
    block(idOf("sigmoid", u), "Sigmoid");
    block(idOf("add", u), "Add");
    block(idOf("tanh", u), "Tanh");
    graph.insert_connection({last, idOf("relu", u), 0});
    graph.insert_connection({idOf("relu", u), idOf("sigmoid", u), 0});
    graph.insert_connection({idOf("sigmoid", u), idOf("add", u), 0});
    graph.insert_connection({last, idOf("add", u), 1});
    graph.insert_connection({idOf("add", u), idOf("tanh", u), 0});
    last = idOf("tanh", u);
  }
  block("flat", "Flatten");
  block("out", "Output", {{"classes", std::int64_t{3}}});
  graph.insert_connection({last, "flat", 0});
  graph.insert_connection({"flat", "out", 0});
  return graph;
}

TEST(ShapeInferenceAtScale, AHundredThousandBlockResidualChainGetsEveryShape) {
  const Graph graph = residualChain();
  const ModelAnalysis analysis = ShapeInference::run(graph);
  for (const Error& error : analysis.errors) ADD_FAILURE() << error.describe();
  ASSERT_EQ(analysis.blocks.size(), graph.blocks().size());
  // Dependency order: every Add comes after both of its inputs.
  EXPECT_EQ(analysis.blocks.front().id, "input");
  EXPECT_EQ(analysis.blocks.back().id, "out");
  const BlockAnalysis* add = analysis.find(idOf("add", kUnits - 1));
  ASSERT_NE(add, nullptr);
  ASSERT_EQ(add->input_shapes.size(), 2u);
  EXPECT_EQ(add->output_shape.to_string(), "2×3×3");
  EXPECT_EQ(analysis.output_shape().element_count(), 3);
}

TEST(ShapeInferenceAtScale, ABlockBehindABrokenOneIsSkippedNotGuessed) {
  Graph graph = residualChain();
  // The middle unit's Add loses its second input: it and everything after it have no shape.
  ASSERT_TRUE(graph.disconnect({idOf("tanh", kUnits / 2 - 1), idOf("add", kUnits / 2), 1}));
  const ModelAnalysis analysis = ShapeInference::run(graph);
  EXPECT_NE(analysis.find(idOf("sigmoid", kUnits / 2)), nullptr);
  EXPECT_EQ(analysis.find(idOf("add", kUnits / 2)), nullptr);
  EXPECT_EQ(analysis.find("out"), nullptr);
  ASSERT_FALSE(analysis.errors.empty());
  EXPECT_EQ(analysis.errors.front().block_id, idOf("add", kUnits / 2));
}

}  // namespace
}  // namespace convstudio
