#pragma once
// The model graph: blocks and the wires between them, edited by value ids.

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/block.h"
#include "convstudio/model/connection.h"
#include "convstudio/model/param_value.h"

namespace convstudio {

// A DAG of blocks (kept in insertion order, so files and tables are stable) and connections.
// Editing calls that the GUI uses check their arguments; insert_* calls take anything, so a
// loaded file with mistakes can be held and its problems reported by GraphValidator.
class Graph {
 public:
  // Adds a catalog block with default parameters and a fresh id ("conv3"); returns the id, or
  // an empty string when the type is not in the catalog.
  std::string add_block(std::string_view type, double x = 0, double y = 0);
  // Inserts a block exactly as given (loading, paste, undo). False when the id is empty or taken.
  bool insert_block(Block block);
  // Removes the block and every wire touching it. False when there is no such block.
  bool remove_block(std::string_view id);
  // Removes the blocks and every wire touching them in one pass (the undo of a paste, the
  // delete of a selection): the same graph as removing them one by one, in linear rather than
  // quadratic time. Unknown ids are skipped. Returns the wires removed, in their former order.
  std::vector<Connection> remove_blocks(const std::vector<std::string>& ids);
  // Inserts blocks so that each ends at its given place in blocks() (places ascending; one past
  // the end or more appends), in one pass: the undo of a delete. Blocks with an empty or taken
  // id are skipped. Returns the ids inserted.
  std::vector<std::string> insert_blocks_at(std::vector<std::pair<std::size_t, Block>> blocks);

  // Wires from -> to:port after checking both blocks exist, the port is within the target's
  // input count, the port is free, nothing may follow `from` (Output) and no cycle appears.
  // Returns the refusal as an error at the target block, nullopt when connected.
  std::optional<Error> connect(const Connection& connection);
  // Adds a wire unchecked except for exact duplicates (loading, tests). False for a duplicate.
  bool insert_connection(Connection connection);
  bool disconnect(const Connection& connection);
  // The same for many wires in one pass. Returns the wires inserted (duplicates are skipped) or
  // removed (absent ones are skipped), in the order given.
  std::vector<Connection> insert_connections_at(
      std::vector<std::pair<std::size_t, Connection>> connections);
  std::vector<Connection> remove_connections(const std::vector<Connection>& connections);
  bool has_connection(const Connection& connection) const {
    return connection_set_.contains(connection);
  }

  // False when the block does not exist. Values are not checked here (see GraphValidator).
  bool set_param(std::string_view id, std::string_view name, ParamValue value);
  bool set_position(std::string_view id, double x, double y);
  // Renames a block, rewiring its connections. False when `id` is missing or `new_id` taken.
  bool rename_block(std::string_view id, std::string_view new_id);

  const std::vector<Block>& blocks() const { return blocks_; }
  const std::vector<Connection>& connections() const { return connections_; }
  const Block* find_block(std::string_view id) const;
  Block* find_block(std::string_view id);
  bool empty() const { return blocks_.empty(); }

  // Wires into `id`, sorted by port; wires out of `id`, in insertion order.
  std::vector<Connection> inputs_of(std::string_view id) const;
  std::vector<Connection> outputs_of(std::string_view id) const;

  // Block ids so that every block comes after the blocks feeding it (ties keep insertion
  // order); nullopt when the wires form a cycle. Wires to unknown blocks are ignored.
  std::optional<std::vector<std::string>> topological_order() const;
  // The first of prefix1, prefix2, ... not yet used, with the catalog prefix of `type`
  // ("Conv2d" -> "conv1"); the lowercased type when the type is unknown.
  std::string unique_id(std::string_view type) const;
  // Ids of blocks of the given type, in insertion order.
  std::vector<std::string> blocks_of_type(std::string_view type) const;
  // A recompute group name no block uses yet: "segment1", "segment2"…
  std::string unused_recompute_group() const;

  bool operator==(const Graph&) const = default;

 private:
  bool reaches(std::string_view from, std::string_view to) const;
  void index_blocks();

  std::vector<Block> blocks_;
  std::vector<Connection> connections_;
  // Lookups by id and duplicate checks in O(log n), so that loading a file of many thousand
  // blocks is not quadratic. Derived from the two vectors above and kept in step with them.
  std::map<std::string, std::size_t, std::less<>> block_at_;
  std::set<Connection> connection_set_;
};

}  // namespace convstudio
