#include "convstudio/model/graph_validator.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "convstudio/model/block_id.h"
#include "convstudio/model/input_output_blocks.h"
#include "convstudio/model/layer_catalog.h"
#include "graph_index.h"

namespace convstudio {
namespace {

std::string port_field(int port) {
  return "inputs[" + std::to_string(port) + "]";
}

std::string join(const std::vector<std::string>& items, const std::string& separator) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i) text += (i ? separator : "") + items[i];
  return text;
}

std::string number_text(double value) {
  return to_string(ParamValue(value));
}

// Type and range of one stored parameter; nullopt when it is acceptable.
std::optional<std::string> check_value(const ParamSpec& spec, const ParamValue& value) {
  switch (spec.type) {
    case ParamType::Int: {
      const auto* v = std::get_if<std::int64_t>(&value);
      if (v == nullptr) return spec.name + " must be a whole number, got " + to_string(value);
      if (*v < spec.min) {
        return spec.name + " " + std::to_string(*v) + " is below the minimum " +
               number_text(spec.min);
      }
      if (*v > spec.max) {
        return spec.name + " " + std::to_string(*v) + " is above the maximum " +
               number_text(spec.max);
      }
      return std::nullopt;
    }
    case ParamType::Float: {
      double v = 0;
      if (const auto* d = std::get_if<double>(&value)) {
        v = *d;
      } else if (const auto* i = std::get_if<std::int64_t>(&value)) {
        v = static_cast<double>(*i);
      } else {
        return spec.name + " must be a number, got " + to_string(value);
      }
      if (!std::isfinite(v)) return spec.name + " must be a finite number";
      if (v < spec.min)
        return spec.name + " " + number_text(v) + " is below the minimum " + number_text(spec.min);
      if (v > spec.max)
        return spec.name + " " + number_text(v) + " is above the maximum " + number_text(spec.max);
      return std::nullopt;
    }
    case ParamType::Bool:
      if (!std::holds_alternative<bool>(value)) {
        return spec.name + " must be true or false, got " + to_string(value);
      }
      return std::nullopt;
    case ParamType::Choice: {
      const auto* s = std::get_if<std::string>(&value);
      if (s == nullptr ||
          std::find(spec.choices.begin(), spec.choices.end(), *s) == spec.choices.end()) {
        return spec.name + " '" + to_string(value) + "' is not one of " + join(spec.choices, ", ");
      }
      return std::nullopt;
    }
  }
  return std::nullopt;
}

constexpr std::size_t kUnvisited = static_cast<std::size_t>(-1);

class Validation {
 public:
  explicit Validation(const Graph& graph) : graph_(graph), index_(graph) {}

  std::vector<Error> run() {
    // Every other message names blocks by their ids: with a hostile id among them, those are
    // the only problems reported, placed by position.
    check_ids();
    if (!errors_.empty()) return std::move(errors_);
    check_blocks();
    check_wires();
    check_inputs();
    check_single(std::string(kInputBlockType));
    check_single(std::string(kOutputBlockType));
    check_cycles();
    check_dead_ends();
    std::stable_sort(errors_.begin(), errors_.end(), [&](const Error& a, const Error& b) {
      return order_of(a.block_id) < order_of(b.block_id);
    });
    return std::move(errors_);
  }

  std::vector<Error> run_id_checks() {
    check_ids();
    return std::move(errors_);
  }

 private:
  void add(const Block& block, std::string field, const std::string& message) {
    errors_.push_back(
        Error::in_block(block.id, block.type, std::move(field), block.type + ": " + message));
  }
  std::ptrdiff_t order_of(const std::string& id) const {
    auto at = index_.position(id);
    return at ? static_cast<std::ptrdiff_t>(*at) : -1;
  }
  const BlockSpec* spec_of(const Block& block) const {
    return LayerCatalog::instance().find(block.type);
  }

  void check_ids() {
    const auto& blocks = graph_.blocks();
    for (std::size_t i = 0; i < blocks.size(); ++i) {
      if (auto problem = block_id_problem(blocks[i].id)) {
        errors_.push_back(Error::in_block({}, {}, "graph.blocks[" + std::to_string(i) + "].id",
                                          "the id " + *problem));
      }
    }
    const auto& wires = graph_.connections();
    for (std::size_t i = 0; i < wires.size(); ++i) {
      for (const auto& [end, id] : {std::pair{"from", &wires[i].from}, {"to", &wires[i].to}}) {
        if (auto problem = block_id_problem(*id)) {
          errors_.push_back(Error::in_block({}, {},
                                            "graph.connections[" + std::to_string(i) + "]." + end,
                                            "the block id " + *problem));
        }
      }
    }
  }

  void check_blocks() {
    for (const Block& block : graph_.blocks()) {
      const BlockSpec* spec = spec_of(block);
      if (spec == nullptr) {
        add(block, "type", "not a known block type");
        continue;
      }
      for (const auto& [name, value] : block.params) {
        const ParamSpec* param = spec->find_param(name);
        if (param == nullptr) {
          add(block, "params." + name, "unknown parameter '" + name + "'");
        } else if (auto problem = check_value(*param, value)) {
          add(block, "params." + name, *problem);
        }
      }
    }
  }

  // Wires whose ends exist and whose port is in range take part in the later checks.
  void check_wires() {
    const auto& wires = graph_.connections();
    for (std::size_t i = 0; i < wires.size(); ++i) {
      const Connection& c = wires[i];
      // Built only for a problem: this loop runs on every edit, over every wire.
      auto field = [i] { return "connections[" + std::to_string(i) + "]"; };
      const Block* from = index_.block(c.from);
      const Block* to = index_.block(c.to);
      if (to == nullptr) {
        if (from)
          add(*from, field(), "wired to unknown block '" + c.to + "'");
        else
          errors_.push_back(Error::in_block(
              {}, {}, field(), "wire between unknown blocks '" + c.from + "' and '" + c.to + "'"));
        continue;
      }
      if (from == nullptr) {
        add(*to, port_field(c.to_port),
            "input " + std::to_string(c.to_port) + " is wired from unknown block '" + c.from + "'");
        continue;
      }
      const BlockSpec* from_spec = spec_of(*from);
      const BlockSpec* to_spec = spec_of(*to);
      if (from_spec && !from_spec->has_consumers) {
        add(*from, field(), "ends the network; nothing can follow it (wired to '" + c.to + "')");
        continue;
      }
      if (to_spec && (c.to_port < 0 || c.to_port >= to_spec->max_inputs)) {
        if (to_spec->max_inputs == 0) {
          add(*to, port_field(c.to_port), "takes no inputs (wired from '" + c.from + "')");
        } else {
          add(*to, port_field(c.to_port),
              "has no input " + std::to_string(c.to_port) + " (it takes " +
                  (to_spec->max_inputs == 1
                       ? std::string("1 input")
                       : "up to " + std::to_string(to_spec->max_inputs) + " inputs") +
                  ")");
        }
        continue;
      }
      valid_.push_back(&c);
    }
    // Who feeds and who follows each block, once: the checks below then cost O(blocks + wires).
    const std::size_t n = graph_.blocks().size();
    feeders_.assign(n, {});
    consumers_.assign(n, {});
    wired_.assign(n, false);
    for (const Connection& c : wires) {
      for (const std::string* end : {&c.from, &c.to}) {
        if (auto at = index_.position(*end)) wired_[*at] = true;
      }
    }
    for (std::size_t i = 0; i < valid_.size(); ++i) {
      const std::size_t to = *index_.position(valid_[i]->to);
      feeders_[to].push_back(i);
      consumers_[*index_.position(valid_[i]->from)].push_back(to);
    }
  }

  void check_inputs() {
    for (std::size_t b = 0; b < graph_.blocks().size(); ++b) {
      const Block& block = graph_.blocks()[b];
      const BlockSpec* spec = spec_of(block);
      if (spec == nullptr || spec->max_inputs == 0) continue;
      std::map<int, std::vector<std::string>> feeders;
      for (std::size_t wire : feeders_[b]) {
        feeders[valid_[wire]->to_port].push_back(valid_[wire]->from);
      }
      if (!wired_[b]) {
        add(block, port_field(0), "not connected to anything");
        continue;
      }
      for (const auto& [port, from] : feeders) {
        if (from.size() > 1) {
          add(block, port_field(port),
              "input " + std::to_string(port) + " is fed by " + std::to_string(from.size()) +
                  " wires (from '" + join(from, "', '") + "')");
        }
      }
      const int fed = static_cast<int>(feeders.size());
      if (spec->min_inputs != spec->max_inputs && fed < spec->min_inputs) {
        add(block, "inputs",
            "needs " + std::to_string(spec->min_inputs) + " to " +
                std::to_string(spec->max_inputs) + " inputs, has " + std::to_string(fed));
        continue;
      }
      const int ports =
          std::max(spec->min_inputs, feeders.empty() ? 0 : feeders.rbegin()->first + 1);
      for (int port = 0; port < ports; ++port) {
        if (!feeders.contains(port)) {
          add(block, port_field(port), "input " + std::to_string(port) + " is not connected");
        }
      }
    }
  }

  void check_single(const std::string& type) {
    std::vector<std::string> ids = graph_.blocks_of_type(type);
    if (ids.empty()) {
      errors_.push_back(Error::in_graph("the graph has no " + type + " block"));
    }
    for (std::size_t i = 1; i < ids.size(); ++i) {
      add(*index_.block(ids[i]), "type",
          "a graph has exactly one " + type + " block; '" + ids[0] + "' is the first");
    }
  }

  const std::vector<std::size_t>& successors(std::size_t node) const { return consumers_[node]; }

  // Tarjan's strongly connected components; each cycle is reported once, at its first block.
  // Iterative, with an explicit stack of (block, next successor to look at): a recursive visit
  // overflows the thread's stack on a chain of some ten thousand blocks.
  void check_cycles() {
    const std::size_t n = graph_.blocks().size();
    std::vector<std::size_t> number(n, kUnvisited), low(n, 0);
    std::vector<bool> on_stack(n, false);
    std::vector<std::size_t> component_stack;
    std::vector<std::pair<std::size_t, std::size_t>> visits;
    std::size_t counter = 0;
    auto enter = [&](std::size_t v) {
      number[v] = low[v] = counter++;
      component_stack.push_back(v);
      on_stack[v] = true;
      visits.emplace_back(v, 0);
    };
    for (std::size_t root = 0; root < n; ++root) {
      if (number[root] != kUnvisited) continue;
      enter(root);
      while (!visits.empty()) {
        auto& [v, next] = visits.back();
        if (next < successors(v).size()) {
          const std::size_t w = successors(v)[next++];
          if (number[w] == kUnvisited) {
            enter(w);  // invalidates v and next; the loop takes them afresh
          } else if (on_stack[w]) {
            low[v] = std::min(low[v], number[w]);
          }
          continue;
        }
        const std::size_t done = v;
        visits.pop_back();
        if (!visits.empty()) {
          const std::size_t parent = visits.back().first;
          low[parent] = std::min(low[parent], low[done]);
        }
        if (low[done] != number[done]) continue;
        std::set<std::size_t> component;
        std::size_t w = 0;
        do {
          w = component_stack.back();
          component_stack.pop_back();
          on_stack[w] = false;
          component.insert(w);
        } while (w != done);
        const auto& succ = successors(done);
        const bool self_loop = std::find(succ.begin(), succ.end(), done) != succ.end();
        if (component.size() > 1 || self_loop) report_cycle(component);
      }
    }
  }

  void report_cycle(const std::set<std::size_t>& component) {
    // Breadth-first search inside the component from its first block back to itself.
    const std::size_t start = *component.begin();
    std::map<std::size_t, std::size_t> parent;
    std::vector<std::size_t> queue{start};
    std::vector<std::string> path;
    for (std::size_t head = 0; head < queue.size() && path.empty(); ++head) {
      for (std::size_t next : successors(queue[head])) {
        if (!component.contains(next)) continue;
        if (next == start) {
          path.push_back(graph_.blocks()[start].id);
          for (std::size_t at = queue[head];; at = parent[at]) {
            path.push_back(graph_.blocks()[at].id);
            if (at == start) break;
          }
          std::reverse(path.begin(), path.end());
          break;
        }
        if (!parent.contains(next) && next != start) {
          parent[next] = queue[head];
          queue.push_back(next);
        }
      }
    }
    add(graph_.blocks()[start], "inputs", "part of a cycle: " + join(path, " \u2192 "));
  }

  void check_dead_ends() {
    std::vector<std::size_t> stack;
    for (std::size_t b = 0; b < graph_.blocks().size(); ++b) {
      if (graph_.blocks()[b].type == kOutputBlockType) stack.push_back(b);
    }
    if (stack.empty()) return;
    std::vector<bool> reaches_output(graph_.blocks().size(), false);
    while (!stack.empty()) {
      const std::size_t at = stack.back();
      stack.pop_back();
      if (reaches_output[at]) continue;
      reaches_output[at] = true;
      for (std::size_t wire : feeders_[at]) stack.push_back(*index_.position(valid_[wire]->from));
    }
    std::vector<bool> has_error(graph_.blocks().size(), false);
    for (const Error& error : errors_) {
      if (auto at = index_.position(error.block_id)) has_error[*at] = true;
    }
    for (std::size_t b = 0; b < graph_.blocks().size(); ++b) {
      const Block& block = graph_.blocks()[b];
      if (reaches_output[b] || has_error[b]) continue;
      const BlockSpec* spec = spec_of(block);
      if (spec == nullptr || !spec->has_consumers) continue;
      if (!consumers_[b].empty()) continue;  // a block further on is the dead end
      add(block, "output", "output is not used (no path to the Output block)");
    }
  }

  const Graph& graph_;
  const GraphIndex index_;
  std::vector<const Connection*> valid_;
  std::vector<std::vector<std::size_t>> feeders_;    // per block: indices into valid_ feeding it
  std::vector<std::vector<std::size_t>> consumers_;  // per block: blocks it feeds (valid wires)
  std::vector<bool> wired_;                          // per block: touched by any wire at all
  std::vector<Error> errors_;
};

}  // namespace

std::vector<Error> GraphValidator::validate(const Graph& graph) {
  return Validation(graph).run();
}

std::vector<Error> GraphValidator::validate_ids(const Graph& graph) {
  return Validation(graph).run_id_checks();
}

}  // namespace convstudio
