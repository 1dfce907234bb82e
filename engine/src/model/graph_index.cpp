#include "graph_index.h"

#include <algorithm>
#include <functional>
#include <queue>

namespace convstudio {

GraphIndex::GraphIndex(const Graph& graph)
    : graph_(graph), inputs_(graph.blocks().size()), outputs_(graph.blocks().size()) {
  positions_.reserve(graph.blocks().size());
  for (std::size_t i = 0; i < graph.blocks().size(); ++i) {
    positions_.emplace(graph.blocks()[i].id, i);  // ids are unique; the first would win
  }
  for (const Connection& c : graph.connections()) {
    if (auto to = position(c.to)) inputs_[*to].push_back(&c);
    if (auto from = position(c.from)) outputs_[*from].push_back(&c);
  }
  for (auto& wires : inputs_) {
    std::stable_sort(wires.begin(), wires.end(), [](const Connection* a, const Connection* b) {
      return a->to_port < b->to_port;
    });
  }
}

std::optional<std::size_t> GraphIndex::position(std::string_view id) const {
  auto it = positions_.find(id);
  if (it == positions_.end()) return std::nullopt;
  return it->second;
}

const Block* GraphIndex::block(std::string_view id) const {
  auto at = position(id);
  return at ? &graph_.blocks()[*at] : nullptr;
}

std::vector<std::size_t> GraphIndex::partial_order() const {
  const std::size_t n = graph_.blocks().size();
  std::vector<std::size_t> pending(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    for (const Connection* c : inputs_[i]) {
      if (position(c->from)) ++pending[i];
    }
  }
  std::priority_queue<std::size_t, std::vector<std::size_t>, std::greater<>> ready;
  for (std::size_t i = 0; i < n; ++i) {
    if (pending[i] == 0) ready.push(i);
  }
  std::vector<std::size_t> order;
  order.reserve(n);
  while (!ready.empty()) {
    const std::size_t next = ready.top();
    ready.pop();
    order.push_back(next);
    for (const Connection* c : outputs_[next]) {
      if (auto to = position(c->to); to && --pending[*to] == 0) ready.push(*to);
    }
  }
  return order;
}

}  // namespace convstudio
