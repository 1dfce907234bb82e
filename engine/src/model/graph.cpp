#include "convstudio/model/graph.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <unordered_set>

#include "convstudio/model/layer_catalog.h"

namespace convstudio {
namespace {

// `existing` with each of `inserted` (places ascending) put at its place in the result, as
// inserting them one by one in that order would, but in one pass.
template <typename T>
std::vector<T> merged(std::vector<T> existing, std::vector<std::pair<std::size_t, T>> inserted) {
  std::vector<T> result;
  result.reserve(existing.size() + inserted.size());
  auto next = inserted.begin();
  for (T& item : existing) {
    while (next != inserted.end() && next->first <= result.size()) {
      result.push_back(std::move(next->second));
      ++next;
    }
    result.push_back(std::move(item));
  }
  for (; next != inserted.end(); ++next) result.push_back(std::move(next->second));
  return result;
}

}  // namespace

std::string Graph::add_block(std::string_view type, double x, double y) {
  const BlockSpec* spec = LayerCatalog::instance().find(type);
  if (spec == nullptr) return {};
  Block block;
  block.id = unique_id(type);
  block.type = spec->type;
  for (const ParamSpec& param : spec->params) block.params[param.name] = param.default_value;
  block.x = x;
  block.y = y;
  std::string id = block.id;
  block_at_[id] = blocks_.size();
  blocks_.push_back(std::move(block));
  return id;
}

bool Graph::insert_block(Block block) {
  if (block.id.empty() || find_block(block.id) != nullptr) return false;
  block_at_[block.id] = blocks_.size();
  blocks_.push_back(std::move(block));
  return true;
}

bool Graph::remove_block(std::string_view id) {
  if (find_block(id) == nullptr) return false;
  remove_blocks({std::string(id)});
  return true;
}

std::vector<Connection> Graph::remove_blocks(const std::vector<std::string>& ids) {
  std::unordered_set<std::string_view> gone;
  for (const std::string& id : ids) {
    if (find_block(id) != nullptr) gone.insert(id);
  }
  std::vector<Connection> removed;
  if (gone.empty()) return removed;
  std::erase_if(connections_, [&](const Connection& c) {
    if (!gone.contains(c.from) && !gone.contains(c.to)) return false;
    connection_set_.erase(c);
    removed.push_back(c);
    return true;
  });
  std::erase_if(blocks_, [&](const Block& b) { return gone.contains(b.id); });
  index_blocks();
  return removed;
}

std::vector<std::string> Graph::insert_blocks_at(
    std::vector<std::pair<std::size_t, Block>> blocks) {
  std::vector<std::string> ids;
  std::set<std::string, std::less<>> batch;
  std::vector<std::pair<std::size_t, Block>> accepted;
  for (auto& [place, block] : blocks) {
    if (block.id.empty() || find_block(block.id) != nullptr || !batch.insert(block.id).second) {
      continue;
    }
    ids.push_back(block.id);
    accepted.emplace_back(place, std::move(block));
  }
  if (accepted.empty()) return ids;
  if (accepted.front().first >= blocks_.size()) {
    // All at the end (a paste, a new block): no place moves, so the index only grows.
    for (auto& [place, block] : accepted) {
      block_at_[block.id] = blocks_.size();
      blocks_.push_back(std::move(block));
    }
    return ids;
  }
  blocks_ = merged(std::move(blocks_), std::move(accepted));
  index_blocks();
  return ids;
}
std::optional<Error> Graph::connect(const Connection& connection) {
  const Block* from = find_block(connection.from);
  const Block* to = find_block(connection.to);
  auto refuse = [&](std::string message) {
    std::string type = to ? to->type : std::string();
    std::string prefix = type.empty() ? std::string() : type + ": ";
    return Error::in_block(connection.to, type,
                           "inputs[" + std::to_string(connection.to_port) + "]",
                           prefix + std::move(message));
  };
  if (from == nullptr) return refuse("no block named '" + connection.from + "'");
  if (to == nullptr) return refuse("no block named '" + connection.to + "'");
  const LayerCatalog& catalog = LayerCatalog::instance();
  const BlockSpec* from_spec = catalog.find(from->type);
  const BlockSpec* to_spec = catalog.find(to->type);
  if (from_spec != nullptr && !from_spec->has_consumers) {
    return refuse(from->type + " '" + from->id + "' ends the network; nothing can follow it");
  }
  if (to_spec != nullptr && (connection.to_port < 0 || connection.to_port >= to_spec->max_inputs)) {
    if (to_spec->max_inputs == 0) return refuse("takes no inputs");
    return refuse("has no input " + std::to_string(connection.to_port) + " (it takes " +
                  (to_spec->max_inputs == 1
                       ? std::string("1 input")
                       : "up to " + std::to_string(to_spec->max_inputs) + " inputs") +
                  ")");
  }
  for (const Connection& existing : connections_) {
    if (existing.to == connection.to && existing.to_port == connection.to_port) {
      return refuse("input " + std::to_string(connection.to_port) + " is already fed by '" +
                    existing.from + "'");
    }
  }
  if (connection.from == connection.to || reaches(connection.to, connection.from)) {
    return refuse("wiring '" + connection.from + "' into '" + connection.to +
                  "' would make a cycle");
  }
  connection_set_.insert(connection);
  connections_.push_back(connection);
  return std::nullopt;
}

bool Graph::insert_connection(Connection connection) {
  if (!connection_set_.insert(connection).second) return false;
  connections_.push_back(std::move(connection));
  return true;
}

bool Graph::disconnect(const Connection& connection) {
  connection_set_.erase(connection);
  return std::erase(connections_, connection) > 0;
}

std::vector<Connection> Graph::insert_connections_at(
    std::vector<std::pair<std::size_t, Connection>> connections) {
  std::vector<Connection> inserted;
  std::vector<std::pair<std::size_t, Connection>> accepted;
  for (auto& [place, connection] : connections) {
    if (!connection_set_.insert(connection).second) continue;
    inserted.push_back(connection);
    accepted.emplace_back(place, std::move(connection));
  }
  if (accepted.empty()) return inserted;
  if (accepted.front().first >= connections_.size()) {
    for (auto& [place, connection] : accepted) connections_.push_back(std::move(connection));
  } else {
    connections_ = merged(std::move(connections_), std::move(accepted));
  }
  return inserted;
}

std::vector<Connection> Graph::remove_connections(const std::vector<Connection>& connections) {
  std::vector<Connection> removed;
  std::set<Connection> gone;
  for (const Connection& c : connections) {
    if (connection_set_.erase(c) > 0) {
      gone.insert(c);
      removed.push_back(c);
    }
  }
  if (!gone.empty())
    std::erase_if(connections_, [&](const Connection& c) { return gone.contains(c); });
  return removed;
}

void Graph::index_blocks() {
  block_at_.clear();
  for (std::size_t i = 0; i < blocks_.size(); ++i) block_at_[blocks_[i].id] = i;
}

bool Graph::set_param(std::string_view id, std::string_view name, ParamValue value) {
  Block* block = find_block(id);
  if (block == nullptr) return false;
  block->params[std::string(name)] = std::move(value);
  return true;
}

bool Graph::set_position(std::string_view id, double x, double y) {
  Block* block = find_block(id);
  if (block == nullptr) return false;
  block->x = x;
  block->y = y;
  return true;
}

bool Graph::rename_block(std::string_view id, std::string_view new_id) {
  Block* block = find_block(id);
  if (block == nullptr || new_id.empty() || find_block(new_id) != nullptr) return false;
  std::string old_id = block->id;
  const std::size_t at = block_at_.at(old_id);
  block_at_.erase(old_id);
  block_at_[std::string(new_id)] = at;
  block->id = std::string(new_id);
  // Only the block's own wires change, in place and in the duplicate index: rebuilding the whole
  // index made adding many renamed blocks quadratic.
  for (Connection& c : connections_) {
    if (c.from != old_id && c.to != old_id) continue;
    connection_set_.erase(c);
    if (c.from == old_id) c.from = std::string(new_id);
    if (c.to == old_id) c.to = std::string(new_id);
    connection_set_.insert(c);
  }
  return true;
}

const Block* Graph::find_block(std::string_view id) const {
  auto it = block_at_.find(id);
  return it == block_at_.end() ? nullptr : &blocks_[it->second];
}

Block* Graph::find_block(std::string_view id) {
  auto it = block_at_.find(id);
  return it == block_at_.end() ? nullptr : &blocks_[it->second];
}

std::vector<Connection> Graph::inputs_of(std::string_view id) const {
  std::vector<Connection> result;
  for (const Connection& c : connections_) {
    if (c.to == id) result.push_back(c);
  }
  std::stable_sort(result.begin(), result.end(),
                   [](const Connection& a, const Connection& b) { return a.to_port < b.to_port; });
  return result;
}

std::vector<Connection> Graph::outputs_of(std::string_view id) const {
  std::vector<Connection> result;
  for (const Connection& c : connections_) {
    if (c.from == id) result.push_back(c);
  }
  return result;
}

std::optional<std::vector<std::string>> Graph::topological_order() const {
  // Kahn's algorithm, always taking the earliest-inserted ready block so the order is stable.
  std::map<std::string, std::size_t, std::less<>> index;
  for (std::size_t i = 0; i < blocks_.size(); ++i) index[blocks_[i].id] = i;
  std::vector<int> pending(blocks_.size(), 0);
  std::vector<std::vector<std::size_t>> consumers(blocks_.size());
  for (const Connection& c : connections_) {
    auto from = index.find(c.from);
    auto to = index.find(c.to);
    if (from == index.end() || to == index.end()) continue;
    consumers[from->second].push_back(to->second);
    ++pending[to->second];
  }
  std::set<std::size_t> ready;
  for (std::size_t i = 0; i < blocks_.size(); ++i) {
    if (pending[i] == 0) ready.insert(i);
  }
  std::vector<std::string> order;
  while (!ready.empty()) {
    std::size_t next = *ready.begin();
    ready.erase(ready.begin());
    order.push_back(blocks_[next].id);
    for (std::size_t consumer : consumers[next]) {
      if (--pending[consumer] == 0) ready.insert(consumer);
    }
  }
  if (order.size() != blocks_.size()) return std::nullopt;
  return order;
}

std::string Graph::unique_id(std::string_view type) const {
  std::string prefix;
  if (const BlockSpec* spec = LayerCatalog::instance().find(type)) {
    prefix = spec->id_prefix;
  } else {
    for (char ch : type) prefix += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (prefix.empty()) prefix = "block";
  }
  for (int n = 1;; ++n) {
    std::string id = prefix + std::to_string(n);
    if (find_block(id) == nullptr) return id;
  }
}

std::string Graph::unused_recompute_group() const {
  std::set<std::string, std::less<>> used;
  for (const Block& block : blocks_) used.insert(block.recompute_group);
  for (int n = 1;; ++n) {
    std::string name = "segment" + std::to_string(n);
    if (used.count(name) == 0) return name;
  }
}

std::vector<std::string> Graph::blocks_of_type(std::string_view type) const {
  std::vector<std::string> result;
  for (const Block& block : blocks_) {
    if (block.type == type) result.push_back(block.id);
  }
  return result;
}

bool Graph::reaches(std::string_view from, std::string_view to) const {
  std::vector<std::string> stack{std::string(from)};
  std::set<std::string, std::less<>> seen;
  while (!stack.empty()) {
    std::string current = std::move(stack.back());
    stack.pop_back();
    if (current == to) return true;
    if (!seen.insert(current).second) continue;
    for (const Connection& c : connections_) {
      if (c.from == current) stack.push_back(c.to);
    }
  }
  return false;
}

}  // namespace convstudio
