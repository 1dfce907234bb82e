// The invalid-graph corpus: each kind of mistake is reported at the right block, in user words.
#include <gtest/gtest.h>

#include "convstudio/model/shape_inference.h"
#include "graph_sketch.h"

namespace convstudio {
namespace {

using testing::GraphSketch;
using testing::i;

struct Expected {
  std::string block_id;
  std::string field;
  std::string message_part;
};

struct Case {
  std::string name;
  GraphSketch sketch;
  std::vector<Expected> expected;  // exactly these problems, in this order
};

GraphSketch input(std::int64_t c = 1, std::int64_t hw = 8) {
  return GraphSketch().block("input", "Input",
                             {{"channels", i(c)}, {"height", i(hw)}, {"width", i(hw)}});
}

std::vector<Case> corpus() {
  std::vector<Case> cases;
  cases.push_back({"Cycle",
                   input()
                       .then("conv1", "Conv2d", {{"padding", i(1)}})
                       .then("relu1", "ReLU")
                       .then("add1", "Add")
                       .wire("add1", "conv1", 0)
                       .then("flat", "Flatten")
                       .then("out", "Output")
                       .wire("input", "add1", 1),
                   {{"conv1", "inputs[0]", "Conv2d: input 0 is fed by 2 wires"},
                    {"conv1", "inputs",
                     "Conv2d: part of a cycle: conv1 \u2192 relu1 \u2192 add1 \u2192 conv1"}}});
  cases.push_back({"DanglingInput",
                   input()
                       .block("conv1", "Conv2d")
                       .then("flat", "Flatten")
                       .then("out", "Output")
                       .block("relu", "ReLU")
                       .wire("input", "relu"),
                   {{"conv1", "inputs[0]", "Conv2d: input 0 is not connected"},
                    {"relu", "output", "ReLU: output is not used (no path to the Output block)"}}});
  cases.push_back(
      {"DoublyFedInput",
       input()
           .then("relu1", "ReLU")
           .then("flat", "Flatten")
           .then("out", "Output")
           .wire("input", "flat"),
       {{"flat", "inputs[0]", "Flatten: input 0 is fed by 2 wires (from 'relu1', 'input')"}}});
  cases.push_back({"MissingInput",
                   GraphSketch().block("relu", "ReLU").then("out", "Output"),
                   {{"", "graph", "the graph has no Input block"},
                    {"relu", "inputs[0]", "ReLU: input 0 is not connected"}}});
  cases.push_back({"MissingOutput",
                   input().then("flat", "Flatten").then("fc", "Linear"),
                   {{"", "graph", "the graph has no Output block"}}});
  cases.push_back(
      {"TwoInputs",
       input().then("flat", "Flatten").then("out", "Output").block("input2", "Input"),
       {{"input2", "type", "Input: a graph has exactly one Input block; 'input' is the first"}}});
  cases.push_back(
      {"TwoOutputs",
       input()
           .then("flat", "Flatten")
           .then("out", "Output")
           .block("out2", "Output")
           .wire("flat", "out2"),
       {{"out2", "type", "Output: a graph has exactly one Output block; 'out' is the first"}}});
  cases.push_back({"BlockNotReachingOutput",
                   input()
                       .then("flat", "Flatten")
                       .then("out", "Output")
                       .block("fc", "Linear")
                       .wire("flat", "fc"),
                   {{"fc", "output", "Linear: output is not used (no path to the Output block)"}}});
  cases.push_back({"UnknownType",
                   input().then("mystery", "Conv3d").then("flat", "Flatten").then("out", "Output"),
                   {{"mystery", "type", "Conv3d: not a known block type"}}});
  cases.push_back({"UnknownParameter",
                   input()
                       .then("conv1", "Conv2d", {{"kernal", i(3)}})
                       .then("flat", "Flatten")
                       .then("out", "Output"),
                   {{"conv1", "params.kernal", "Conv2d: unknown parameter 'kernal'"}}});
  cases.push_back({"ParameterOutOfRange",
                   input()
                       .then("conv1", "Conv2d", {{"kernel", i(0)}})
                       .then("flat", "Flatten")
                       .then("out", "Output"),
                   {{"conv1", "params.kernel", "Conv2d: kernel 0 is below the minimum 1"}}});
  cases.push_back({"ParameterOfWrongKind",
                   input()
                       .then("conv1", "Conv2d", {{"padding_mode", std::string("valid")}})
                       .then("drop", "Dropout", {{"p", std::string("half")}})
                       .then("flat", "Flatten")
                       .then("out", "Output"),
                   {{"conv1", "params.padding_mode",
                     "Conv2d: padding_mode 'valid' is not one of explicit, same"},
                    {"drop", "params.p", "Dropout: p must be a number, got half"}}});
  cases.push_back({"AddWithOneInput",
                   input().then("add", "Add").then("flat", "Flatten").then("out", "Output"),
                   {{"add", "inputs", "Add: needs 2 to 8 inputs, has 1"}}});
  cases.push_back({"ConcatWithTooManyInputs",
                   input()
                       .then("cat", "Concat")
                       .wire("input", "cat", 1)
                       .wire("input", "cat", 8)
                       .then("flat", "Flatten")
                       .then("out", "Output"),
                   {{"cat", "inputs[8]", "Concat: has no input 8 (it takes up to 8 inputs)"}}});
  cases.push_back({"AddWithGap",
                   input()
                       .then("add", "Add")
                       .wire("input", "add", 2)
                       .then("flat", "Flatten")
                       .then("out", "Output"),
                   {{"add", "inputs[1]", "Add: input 1 is not connected"}}});
  cases.push_back({"WireAfterOutput",
                   input().then("flat", "Flatten").then("out", "Output").then("relu", "ReLU"),
                   {{"out", "connections[2]",
                     "Output: ends the network; nothing can follow it (wired to 'relu')"},
                    {"relu", "inputs[0]", "ReLU: input 0 is not connected"}}});
  cases.push_back(
      {"WireToUnknownBlock",
       input().then("flat", "Flatten").then("out", "Output").wire("ghost", "flat", 0),
       {{"flat", "inputs[0]", "Flatten: input 0 is wired from unknown block 'ghost'"}}});
  cases.push_back({"IsolatedBlock",
                   input().then("flat", "Flatten").then("out", "Output").block("bn", "BatchNorm2d"),
                   {{"bn", "inputs[0]", "BatchNorm2d: not connected to anything"}}});
  // Shape problems.
  cases.push_back({"AddChannelMismatch",
                   input(16, 14)
                       .then("conv1", "Conv2d",
                             {{"out_channels", i(32)}, {"padding_mode", std::string("same")}})
                       .then("add", "Add")
                       .wire("input", "add", 1)
                       .then("flat", "Flatten")
                       .then("out", "Output"),
                   {{"add", "inputs[1]",
                     "Add: inputs 32\u00d714\u00d714 and 16\u00d714\u00d714 differ in channels"}}});
  cases.push_back(
      {"KernelLargerThanPaddedInput",
       input(1, 3)
           .then("conv1", "Conv2d", {{"kernel", i(5)}})
           .then("flat", "Flatten")
           .then("out", "Output"),
       {{"conv1", "params.kernel", "Conv2d: kernel 5 larger than padded input 3\u00d73"}}});
  cases.push_back(
      {"GroupsDoNotDivideChannels",
       input(16, 8)
           .then("conv1", "Conv2d", {{"groups", i(3)}, {"out_channels", i(12)}})
           .then("flat", "Flatten")
           .then("out", "Output"),
       {{"conv1", "params.groups", "Conv2d: groups 3 does not divide input channels 16"}}});
  cases.push_back({"GroupNormGroupsDoNotDivideChannels",
                   input(6, 8)
                       .then("gn", "GroupNorm", {{"num_groups", i(4)}})
                       .then("flat", "Flatten")
                       .then("out", "Output"),
                   {{"gn", "params.num_groups",
                     "GroupNorm: num_groups 4 does not divide the input's 6 channels"}}});
  cases.push_back({"LinearOnImage",
                   input(16, 5).then("fc", "Linear").then("flat", "Flatten").then("out", "Output"),
                   {{"fc", "inputs[0]",
                     "Linear: expects a flat input, got 16\u00d75\u00d75 (add a Flatten block)"}}});
  cases.push_back(
      {"SamePaddingWithStride",
       input()
           .then("conv1", "Conv2d", {{"stride", i(2)}, {"padding_mode", std::string("same")}})
           .then("flat", "Flatten")
           .then("out", "Output"),
       {{"conv1", "params.padding_mode", "Conv2d: padding 'same' needs stride 1"}}});
  cases.push_back(
      {"ConcatSpatialMismatch",
       input(4, 8)
           .then("pool", "MaxPool2d")
           .then("cat", "Concat")
           .wire("input", "cat", 1)
           .then("flat", "Flatten")
           .then("out", "Output"),
       {{"cat", "inputs[1]",
         "Concat: inputs 4\u00d74\u00d74 and 4\u00d78\u00d78 differ in height and width"}}});
  cases.push_back(
      {"PoolPaddingOverHalfKernel",
       input()
           .then("pool", "AvgPool2d", {{"kernel", i(2)}, {"padding", i(2)}})
           .then("flat", "Flatten")
           .then("out", "Output"),
       {{"pool", "params.padding", "AvgPool2d: padding 2 must be at most half the kernel 2"}}});
  cases.push_back({"BatchNormOnFlat",
                   input().then("flat", "Flatten").then("bn", "BatchNorm2d").then("out", "Output"),
                   {{"bn", "inputs[0]", "BatchNorm2d: expects a C\u00d7H\u00d7W input, got 64"}}});
  return cases;
}

TEST(InvalidGraphCorpus, EachMistakeIsReportedAtItsBlockAndNothingElse) {
  const std::vector<Case> cases = corpus();
  ASSERT_GE(cases.size(), 12u);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const ModelAnalysis analysis = ShapeInference::run(c.sketch.graph());
    ASSERT_EQ(analysis.errors.size(), c.expected.size());
    for (std::size_t k = 0; k < c.expected.size(); ++k) {
      const Error& error = analysis.errors[k];
      EXPECT_EQ(error.block_id, c.expected[k].block_id);
      EXPECT_EQ(error.field, c.expected[k].field);
      EXPECT_NE(error.message.find(c.expected[k].message_part), std::string::npos)
          << "message: " << error.message;
    }
  }
}

TEST(InvalidGraphCorpus, AllProblemsAreReportedAtOnceAndDownstreamBlocksAreSkipped) {
  const Graph graph = input(16, 5)
                          .then("conv1", "Conv2d", {{"groups", i(3)}})
                          .then("relu", "ReLU")
                          .then("fc", "Linear")  // downstream of conv1: skipped silently
                          .then("out", "Output")
                          .block("conv2", "Conv2d", {{"kernel", i(7)}})
                          .wire("input", "conv2")
                          .then("flat", "Flatten")
                          .wire("flat", "out")
                          .graph();
  const ModelAnalysis analysis = ShapeInference::run(graph);
  std::vector<std::string> blocks;
  for (const Error& error : analysis.errors) blocks.push_back(error.block_id);
  // conv1: groups; out: doubly fed; conv2: kernel 7 > 5×5.
  EXPECT_EQ(blocks, (std::vector<std::string>{"conv1", "conv1", "out", "conv2"}));
  EXPECT_EQ(analysis.find("relu"), nullptr);
  EXPECT_EQ(analysis.find("fc"), nullptr);
  EXPECT_NE(analysis.find("input"), nullptr);
}

}  // namespace
}  // namespace convstudio
