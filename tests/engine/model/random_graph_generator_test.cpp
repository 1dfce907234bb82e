#include "convstudio/model/random_graph_generator.h"

#include <gtest/gtest.h>

#include <set>

#include "convstudio/model/layer_catalog.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"

namespace convstudio {
namespace {

TEST(RandomGraphGenerator, ProducesManyDiverseValidGraphs) {
  RandomGraphGenerator generator(2024);
  std::set<std::string> types;
  std::set<std::string> features;
  std::set<std::string> distinct;
  for (int n = 0; n < 250; ++n) {
    const Graph graph = generator.next();
    const ModelAnalysis analysis = ShapeInference::run(graph);
    ASSERT_TRUE(analysis.ok()) << analysis.errors.front().message;
    Project project;
    project.graph = graph;
    distinct.insert(ProjectFile::serialize(project));
    for (const Block& block : graph.blocks()) {
      types.insert(block.type);
      if (block.type != "Conv2d") continue;
      const BlockAnalysis* conv = analysis.find(block.id);
      if (block.int_param("groups") > 1) features.insert("groups");
      if (block.int_param("groups") == conv->input_shapes[0].channels() &&
          block.int_param("groups") > 1) {
        features.insert("depthwise");
      }
      if (block.int_param("dilation") > 1) features.insert("dilation");
      if (block.choice_param("padding_mode") == "same") features.insert("same");
      if (block.int_param("stride") == 2) features.insert("stride2");
    }
  }
  // The generator's own shape tracking agrees with inference: it never needed a retry.
  EXPECT_EQ(generator.rejected(), 0u);
  EXPECT_EQ(distinct.size(), 250u);
  for (const BlockSpec& spec : LayerCatalog::instance().blocks()) {
    EXPECT_TRUE(types.contains(spec.type)) << spec.type;
  }
  EXPECT_EQ(features,
            (std::set<std::string>{"depthwise", "dilation", "groups", "same", "stride2"}));
}

TEST(RandomGraphGenerator, SameSeedSameGraphs) {
  RandomGraphGenerator a(7), b(7);
  for (int n = 0; n < 20; ++n) EXPECT_EQ(a.next(), b.next());
}

}  // namespace
}  // namespace convstudio
