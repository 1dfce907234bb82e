#include "convstudio/model/graph.h"

#include <gtest/gtest.h>

namespace convstudio {
namespace {

TEST(Graph, AddBlockGivesCatalogDefaultsAndFreshIds) {
  Graph graph;
  EXPECT_EQ(graph.add_block("Conv2d"), "conv1");
  EXPECT_EQ(graph.add_block("Conv2d"), "conv2");
  EXPECT_EQ(graph.add_block("Linear"), "fc1");
  EXPECT_EQ(graph.add_block("NoSuchLayer"), "");
  const Block* conv = graph.find_block("conv1");
  ASSERT_NE(conv, nullptr);
  EXPECT_EQ(conv->int_param("kernel"), 3);
  EXPECT_EQ(conv->choice_param("padding_mode"), "explicit");
  EXPECT_TRUE(conv->bool_param("bias"));
  ASSERT_TRUE(graph.remove_block("conv1"));
  EXPECT_EQ(graph.unique_id("Conv2d"), "conv1");
}

TEST(Graph, ConnectRefusesOccupiedPortsCyclesAndWiresAfterOutput) {
  Graph graph;
  const std::string a = graph.add_block("ReLU"), b = graph.add_block("ReLU");
  const std::string out = graph.add_block("Output"), add = graph.add_block("Add");
  EXPECT_FALSE(graph.connect({a, b, 0}).has_value());
  auto occupied = graph.connect({out, b, 0});
  ASSERT_TRUE(occupied.has_value());
  EXPECT_NE(occupied->message.find("ends the network"), std::string::npos);
  auto cycle = graph.connect({b, a, 0});
  ASSERT_TRUE(cycle.has_value());
  EXPECT_NE(cycle->message.find("cycle"), std::string::npos);
  auto port = graph.connect({a, add, 8});
  ASSERT_TRUE(port.has_value());
  EXPECT_EQ(port->block_id, add);
  EXPECT_EQ(port->message, "Add: has no input 8 (it takes up to 8 inputs)");
  auto twice = graph.connect({add, b, 0});
  ASSERT_TRUE(twice.has_value());
  EXPECT_NE(twice->message.find("already fed by 'relu1'"), std::string::npos);
}

TEST(Graph, RemovingABlockRemovesItsWires) {
  Graph graph;
  const std::string a = graph.add_block("ReLU"), b = graph.add_block("Tanh");
  ASSERT_FALSE(graph.connect({a, b, 0}));
  ASSERT_TRUE(graph.remove_block(a));
  EXPECT_TRUE(graph.connections().empty());
  EXPECT_FALSE(graph.disconnect({a, b, 0}));
}

TEST(Graph, TopologicalOrderPutsProducersFirstAndDetectsCycles) {
  Graph graph;
  const std::string c = graph.add_block("ReLU"), b = graph.add_block("ReLU"),
                    a = graph.add_block("ReLU");
  graph.insert_connection({a, b, 0});
  graph.insert_connection({b, c, 0});
  EXPECT_EQ(graph.topological_order(), (std::vector<std::string>{a, b, c}));
  graph.insert_connection({c, a, 0});
  EXPECT_FALSE(graph.topological_order().has_value());
}

TEST(Graph, RenameRewiresConnections) {
  Graph graph;
  const std::string a = graph.add_block("ReLU"), b = graph.add_block("Tanh");
  ASSERT_FALSE(graph.connect({a, b, 0}));
  ASSERT_TRUE(graph.rename_block(a, "first"));
  EXPECT_EQ(graph.connections().front(), (Connection{"first", b, 0}));
  EXPECT_FALSE(graph.rename_block("first", b));
}

}  // namespace
}  // namespace convstudio
