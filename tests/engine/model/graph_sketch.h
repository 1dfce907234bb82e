#pragma once
// Terse construction of test graphs: blocks with explicit ids, wired in order.

#include <initializer_list>
#include <string>
#include <utility>

#include "convstudio/model/graph.h"

namespace convstudio::testing {

using Params = std::initializer_list<std::pair<const char*, ParamValue>>;

// Adds blocks with the ids the tests name, so error expectations can name them too.
class GraphSketch {
 public:
  GraphSketch& block(const std::string& id, const std::string& type, Params params = {}) {
    Block b;
    b.id = id;
    b.type = type;
    for (const auto& [name, value] : params) b.params[name] = value;
    graph_.insert_block(std::move(b));
    return *this;
  }
  GraphSketch& wire(const std::string& from, const std::string& to, int port = 0) {
    graph_.insert_connection({from, to, port});
    return *this;
  }
  // Adds a block fed by the previously added block.
  GraphSketch& then(const std::string& id, const std::string& type, Params params = {}) {
    std::string previous = graph_.blocks().back().id;
    return block(id, type, params).wire(previous, id);
  }
  Graph graph() const { return graph_; }

 private:
  Graph graph_;
};

inline ParamValue i(std::int64_t v) {
  return ParamValue(v);
}

}  // namespace convstudio::testing
