// The Output block's modes (issue 38, item 0): dense, the default, reads and saves every project
// made before the mode existed unchanged; pass-through makes the incoming tensor the output.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "convstudio/model/output_modes.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"

namespace convstudio {
namespace {

using Params = std::map<std::string, ParamValue>;

std::string fixture_text(const std::string& name) {
  std::ifstream in(std::string(CONVSTUDIO_MODEL_FIXTURES) + "/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Input C×H×W -> Conv2d(out) -> [Flatten] -> Output with `output_params`.
Graph small_graph(std::int64_t out, bool flatten, const Params& output_params) {
  Graph graph;
  const std::string input = graph.add_block(kInputBlockType);
  graph.set_param(input, "channels", std::int64_t{3});
  graph.set_param(input, "height", std::int64_t{8});
  graph.set_param(input, "width", std::int64_t{6});
  const std::string conv = graph.add_block("Conv2d");
  graph.set_param(conv, "out_channels", out);
  graph.set_param(conv, "kernel", std::int64_t{1});
  EXPECT_FALSE(graph.connect({input, conv, 0}));
  std::string last = conv;
  if (flatten) {
    last = graph.add_block("Flatten");
    EXPECT_FALSE(graph.connect({conv, last, 0}));
  }
  const std::string output = graph.add_block(kOutputBlockType);
  for (const auto& [name, value] : output_params) graph.set_param(output, name, value);
  EXPECT_FALSE(graph.connect({last, output, 0}));
  return graph;
}

TEST(OutputMode, AProjectWrittenBeforeModesLoadsAsADenseOutputAndSavesUnchanged) {
  const std::string before = fixture_text("lenet5_before_output_modes.convstudio");
  ASSERT_EQ(before.find("\"mode\""), std::string::npos);
  const ProjectLoadResult loaded = ProjectFile::parse(before);
  ASSERT_TRUE(loaded.ok()) << loaded.errors.front().describe();
  const Graph& graph = loaded.project->graph;
  const Block& output = *graph.find_block(graph.blocks_of_type(kOutputBlockType).front());
  EXPECT_EQ(output.choice_param("mode"), kOutputModeDense);
  EXPECT_FALSE(is_pass_through_output(output));
  const ModelAnalysis analysis = ShapeInference::run(graph);
  ASSERT_TRUE(analysis.ok()) << analysis.errors.front().message;
  // LeNet-5's Linear(84, 10), as before modes existed.
  const BlockAnalysis& out = *analysis.find(output.id);
  EXPECT_EQ(out.output_shape, TensorShape::flat(10));
  EXPECT_EQ(out.params, 84 * 10 + 10);
  EXPECT_EQ(out.macs, 84 * 10);
  EXPECT_EQ(analysis.total_params(), 156 + 2416 + 30840 + 10164 + 850);
  // Saving writes no mode: the file reads the same to an older ConvStudio.
  EXPECT_EQ(ProjectFile::serialize(*loaded.project).find("\"mode\""), std::string::npos);
}

TEST(OutputMode, PassThroughOutputsTheIncomingScoresWithNoParametersOrMacs) {
  const Graph graph = small_graph(7, true, {{"mode", std::string(kOutputModePassThrough)}});
  const ModelAnalysis analysis = ShapeInference::run(graph);
  ASSERT_TRUE(analysis.ok()) << analysis.errors.front().message;
  EXPECT_EQ(analysis.output_shape(), TensorShape::flat(7 * 8 * 6));
  const BlockAnalysis& out = analysis.blocks.back();
  EXPECT_EQ(out.params, 0);
  EXPECT_EQ(out.macs, 0);
  // The loss keeps the logits: the producer's tensor (the Output adds none of its own).
  EXPECT_FALSE(out.output_saved_for_backward);
  EXPECT_TRUE(out.saves_input);
}

TEST(OutputMode, PassThroughTakesPerPixelLogitsAndTheirChannelsAreTheClasses) {
  const Graph graph = small_graph(5, false, {{"mode", std::string(kOutputModePassThrough)}});
  const ModelAnalysis analysis = ShapeInference::run(graph);
  ASSERT_TRUE(analysis.ok()) << analysis.errors.front().message;
  EXPECT_EQ(analysis.output_shape(), TensorShape::image(5, 8, 6));
  EXPECT_EQ(analysis.output_shape().channels(), 5);
  EXPECT_EQ(analysis.total_params(), 3 * 5 + 5);
}

TEST(OutputMode, DenseOutputStillNeedsAFlatInput) {
  const ModelAnalysis analysis = ShapeInference::run(small_graph(5, false, {}));
  ASSERT_FALSE(analysis.ok());
  EXPECT_NE(analysis.errors.front().message.find("Flatten"), std::string::npos)
      << analysis.errors.front().message;
}

TEST(OutputMode, ThePassThroughModeRoundTripsThroughTheProjectFile) {
  Project project;
  project.graph = small_graph(4, false, {{"mode", std::string(kOutputModePassThrough)}});
  const std::string text = ProjectFile::serialize(project);
  EXPECT_NE(text.find("\"mode\": \"pass-through\""), std::string::npos);
  const ProjectLoadResult loaded = ProjectFile::parse(text);
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(*loaded.project, project);
}

}  // namespace
}  // namespace convstudio
