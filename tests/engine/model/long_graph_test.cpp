// A graph far longer than any network, as a hand-edited or generated project file can hold:
// validation must neither overflow the stack (the cycle check once recursed per block) nor
// take time quadratic in its length.

#include <gtest/gtest.h>

#include "convstudio/model/graph_validator.h"

namespace convstudio {
namespace {

constexpr int kChainLength = 100000;

// Input → ReLU × (length − 2) → Output, built with the unchecked calls a file loader uses.
Graph relu_chain(int length) {
  Graph graph;
  auto id_of = [](int i) { return "b" + std::to_string(i); };
  for (int i = 0; i < length; ++i) {
    const char* type = i == 0 ? "Input" : i == length - 1 ? "Output" : "ReLU";
    Block block;
    block.id = id_of(i);
    block.type = type;
    EXPECT_TRUE(graph.insert_block(std::move(block)));
    if (i > 0) {
      EXPECT_TRUE(graph.insert_connection({id_of(i - 1), id_of(i), 0}));
    }
  }
  return graph;
}

TEST(LongGraph, HundredThousandBlockChainValidatesWithoutProblems) {
  const Graph graph = relu_chain(kChainLength);
  const std::vector<Error> errors = GraphValidator::validate(graph);
  for (const Error& error : errors) ADD_FAILURE() << error.describe();
}

TEST(LongGraph, HundredThousandBlockCycleIsReportedOnce) {
  Graph graph = relu_chain(kChainLength);
  // The first ReLU takes its input from the last one instead of from the Input block.
  ASSERT_TRUE(graph.disconnect({"b0", "b1", 0}));
  ASSERT_TRUE(graph.insert_connection({"b" + std::to_string(kChainLength - 2), "b1", 0}));
  const std::vector<Error> errors = GraphValidator::validate(graph);
  int cycles = 0;
  for (const Error& error : errors) {
    if (error.message.find("part of a cycle") != std::string::npos) ++cycles;
  }
  EXPECT_EQ(cycles, 1);
}

}  // namespace
}  // namespace convstudio
