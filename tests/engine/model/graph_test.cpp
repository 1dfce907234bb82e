#include "convstudio/model/graph.h"

#include <gtest/gtest.h>

#include <set>
#include <utility>
#include <vector>

#include "convstudio/model/random_graph_generator.h"

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

// rename_block updates only the renamed block's wires in the duplicate index (it used to rebuild
// the whole index per rename): the index must still answer for every wire, old names gone.
TEST(Graph, RenameKeepsTheConnectionIndexInStep) {
  Graph graph;
  const std::string a = graph.add_block("ReLU"), b = graph.add_block("Tanh"),
                    c = graph.add_block("Sigmoid");
  graph.insert_connection({a, b, 0});
  graph.insert_connection({b, c, 0});
  ASSERT_TRUE(graph.rename_block(b, "middle"));
  EXPECT_TRUE(graph.has_connection({a, "middle", 0}));
  EXPECT_TRUE(graph.has_connection({"middle", c, 0}));
  EXPECT_FALSE(graph.has_connection({a, b, 0}));
  EXPECT_FALSE(graph.has_connection({b, c, 0}));
  EXPECT_FALSE(graph.insert_connection({a, "middle", 0}));  // still a duplicate
  EXPECT_TRUE(graph.insert_connection({a, b, 0}));          // the old name is free
}

// The graph a removal must leave, built from scratch: the kept blocks and wires, in order.
Graph without(const Graph& graph, const std::set<std::string>& gone) {
  Graph expected;
  for (const Block& b : graph.blocks()) {
    if (!gone.contains(b.id)) expected.insert_block(b);
  }
  for (const Connection& c : graph.connections()) {
    if (!gone.contains(c.from) && !gone.contains(c.to)) expected.insert_connection(c);
  }
  return expected;
}

// Several generated graphs merged into one, so that removals cut through branches and merges.
Graph generatedGraphs(std::uint64_t seed) {
  RandomGraphGenerator generator(seed);
  Graph merged;
  for (int g = 0; g < 6; ++g) {
    const Graph graph = generator.next();
    const std::string prefix = "g" + std::to_string(g) + "_";
    for (Block b : graph.blocks()) {
      b.id = prefix + b.id;
      merged.insert_block(std::move(b));
    }
    for (Connection c : graph.connections()) {
      c.from = prefix + c.from;
      c.to = prefix + c.to;
      merged.insert_connection(std::move(c));
    }
  }
  return merged;
}

TEST(Graph, RemovingManyBlocksAtOnceLeavesWhatRemovingThemOneByOneLeaves) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const Graph graph = generatedGraphs(seed);
    std::vector<std::string> ids;
    std::set<std::string> gone;
    for (std::size_t i = 0; i < graph.blocks().size(); i += 3) {
      ids.push_back(graph.blocks()[i].id);
      gone.insert(graph.blocks()[i].id);
    }
    ids.push_back("no-such-block");
    Graph oneByOne = graph;
    for (const std::string& id : ids) oneByOne.remove_block(id);
    Graph atOnce = graph;
    const std::vector<Connection> removed = atOnce.remove_blocks(ids);
    const Graph expected = without(graph, gone);
    EXPECT_EQ(oneByOne, expected);  // == compares the id index and the wire set too
    EXPECT_EQ(atOnce, expected);
    std::vector<Connection> touching;
    for (const Connection& c : graph.connections()) {
      if (gone.contains(c.from) || gone.contains(c.to)) touching.push_back(c);
    }
    EXPECT_EQ(removed, touching);
    for (const Block& b : expected.blocks()) EXPECT_EQ(atOnce.find_block(b.id)->id, b.id);
  }
}

TEST(Graph, InsertingBlocksAndWiresAtTheirPlacesRestoresTheGraph) {
  const Graph graph = generatedGraphs(4);
  std::vector<std::pair<std::size_t, Block>> blocks;
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < graph.blocks().size(); ++i) {
    if (i % 4 == 1 || i + 1 == graph.blocks().size()) {
      blocks.emplace_back(i, graph.blocks()[i]);
      ids.push_back(graph.blocks()[i].id);
    }
  }
  std::vector<std::pair<std::size_t, Connection>> wires;
  const std::set<std::string> gone(ids.begin(), ids.end());
  for (std::size_t i = 0; i < graph.connections().size(); ++i) {
    const Connection& c = graph.connections()[i];
    if (gone.contains(c.from) || gone.contains(c.to) || i % 5 == 0) wires.emplace_back(i, c);
  }
  Graph edited = graph;
  edited.remove_blocks(ids);
  std::vector<Connection> loose;
  for (const auto& [place, c] : wires) loose.push_back(c);
  edited.remove_connections(loose);
  EXPECT_EQ(edited.connections().size(), graph.connections().size() - wires.size());

  EXPECT_EQ(edited.insert_blocks_at(blocks), ids);
  EXPECT_EQ(edited.insert_connections_at(wires).size(), wires.size());
  EXPECT_EQ(edited, graph);
  // Taken ids and existing wires are skipped; a place past the end appends.
  EXPECT_TRUE(edited.insert_blocks_at({{0, graph.blocks()[0]}}).empty());
  EXPECT_TRUE(edited.insert_connections_at({{0, graph.connections()[0]}}).empty());
  Block extra = graph.blocks()[0];
  extra.id = "extra";
  EXPECT_EQ(edited.insert_blocks_at({{1'000'000, extra}}), std::vector<std::string>{"extra"});
  EXPECT_EQ(edited.blocks().back().id, "extra");
  EXPECT_EQ(edited.find_block("extra")->type, extra.type);
}

TEST(Graph, RemovingWiresSkipsThoseNotThere) {
  Graph graph;
  const std::string a = graph.add_block("ReLU"), b = graph.add_block("Tanh"),
                    c = graph.add_block("Sigmoid");
  ASSERT_FALSE(graph.connect({a, b, 0}));
  ASSERT_FALSE(graph.connect({b, c, 0}));
  const std::vector<Connection> removed = graph.remove_connections({{b, c, 0}, {c, a, 0}});
  EXPECT_EQ(removed, (std::vector<Connection>{{b, c, 0}}));
  EXPECT_EQ(graph.connections(), (std::vector<Connection>{{a, b, 0}}));
  EXPECT_TRUE(graph.has_connection({a, b, 0}));
  EXPECT_FALSE(graph.has_connection({b, c, 0}));
}

}  // namespace
}  // namespace convstudio
