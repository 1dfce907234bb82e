#include "convstudio/model/graph_validator.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "convstudio/model/layer_catalog.h"

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

class Validation {
 public:
  explicit Validation(const Graph& graph) : graph_(graph) {
    for (std::size_t i = 0; i < graph.blocks().size(); ++i) index_[graph.blocks()[i].id] = i;
  }

  std::vector<Error> run() {
    check_blocks();
    check_wires();
    check_inputs();
    check_single("Input");
    check_single("Output");
    check_cycles();
    check_dead_ends();
    std::stable_sort(errors_.begin(), errors_.end(), [&](const Error& a, const Error& b) {
      return order_of(a.block_id) < order_of(b.block_id);
    });
    return std::move(errors_);
  }

 private:
  void add(const Block& block, std::string field, const std::string& message) {
    errors_.push_back(
        Error::in_block(block.id, block.type, std::move(field), block.type + ": " + message));
  }
  std::ptrdiff_t order_of(const std::string& id) const {
    auto it = index_.find(id);
    return it == index_.end() ? -1 : static_cast<std::ptrdiff_t>(it->second);
  }
  const BlockSpec* spec_of(const Block& block) const {
    return LayerCatalog::instance().find(block.type);
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
      const std::string field = "connections[" + std::to_string(i) + "]";
      const Block* from = graph_.find_block(c.from);
      const Block* to = graph_.find_block(c.to);
      if (to == nullptr) {
        if (from)
          add(*from, field, "wired to unknown block '" + c.to + "'");
        else
          errors_.push_back(Error::in_block(
              {}, {}, field, "wire between unknown blocks '" + c.from + "' and '" + c.to + "'"));
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
        add(*from, field, "ends the network; nothing can follow it (wired to '" + c.to + "')");
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
      valid_.push_back(c);
    }
  }

  void check_inputs() {
    for (const Block& block : graph_.blocks()) {
      const BlockSpec* spec = spec_of(block);
      if (spec == nullptr || spec->max_inputs == 0) continue;
      std::map<int, std::vector<std::string>> feeders;
      for (const Connection& c : valid_) {
        if (c.to == block.id) feeders[c.to_port].push_back(c.from);
      }
      const bool has_any_wire =
          std::any_of(graph_.connections().begin(), graph_.connections().end(),
                      [&](const Connection& c) { return c.from == block.id || c.to == block.id; });
      if (!has_any_wire) {
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
      add(*graph_.find_block(ids[i]), "type",
          "a graph has exactly one " + type + " block; '" + ids[0] + "' is the first");
    }
  }

  std::vector<std::size_t> successors(std::size_t node) const {
    std::vector<std::size_t> result;
    for (const Connection& c : valid_) {
      if (c.from == graph_.blocks()[node].id) result.push_back(index_.at(c.to));
    }
    return result;
  }

  // Tarjan's strongly connected components; each cycle is reported once, at its first block.
  void check_cycles() {
    const std::size_t n = graph_.blocks().size();
    std::vector<int> number(n, -1), low(n, 0);
    std::vector<bool> on_stack(n, false);
    std::vector<std::size_t> stack;
    int counter = 0;
    std::function<void(std::size_t)> visit = [&](std::size_t v) {
      number[v] = low[v] = counter++;
      stack.push_back(v);
      on_stack[v] = true;
      for (std::size_t w : successors(v)) {
        if (number[w] < 0) {
          visit(w);
          low[v] = std::min(low[v], low[w]);
        } else if (on_stack[w]) {
          low[v] = std::min(low[v], number[w]);
        }
      }
      if (low[v] != number[v]) return;
      std::set<std::size_t> component;
      std::size_t w = 0;
      do {
        w = stack.back();
        stack.pop_back();
        on_stack[w] = false;
        component.insert(w);
      } while (w != v);
      std::vector<std::size_t> succ = successors(v);
      bool self_loop = std::find(succ.begin(), succ.end(), v) != succ.end();
      if (component.size() > 1 || self_loop) report_cycle(component);
    };
    for (std::size_t v = 0; v < n; ++v) {
      if (number[v] < 0) visit(v);
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
          for (std::size_t at = queue[head];; at = parent[at]) {
            path.insert(path.begin(), graph_.blocks()[at].id);
            if (at == start) break;
          }
          path.push_back(graph_.blocks()[start].id);
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
    std::set<std::string> reaches_output;
    std::vector<std::string> stack = graph_.blocks_of_type("Output");
    if (stack.empty()) return;
    while (!stack.empty()) {
      std::string id = std::move(stack.back());
      stack.pop_back();
      if (!reaches_output.insert(id).second) continue;
      for (const Connection& c : valid_) {
        if (c.to == id) stack.push_back(c.from);
      }
    }
    std::set<std::string> has_error;
    for (const Error& error : errors_) has_error.insert(error.block_id);
    for (const Block& block : graph_.blocks()) {
      if (reaches_output.contains(block.id) || has_error.contains(block.id)) continue;
      const BlockSpec* spec = spec_of(block);
      if (spec == nullptr || !spec->has_consumers) continue;
      bool has_consumer = std::any_of(valid_.begin(), valid_.end(),
                                      [&](const Connection& c) { return c.from == block.id; });
      if (has_consumer) continue;  // a block further on is the dead end
      add(block, "output", "output is not used (no path to the Output block)");
    }
  }

  const Graph& graph_;
  std::map<std::string, std::size_t, std::less<>> index_;
  std::vector<Connection> valid_;
  std::vector<Error> errors_;
};

}  // namespace

std::vector<Error> GraphValidator::validate(const Graph& graph) {
  return Validation(graph).run();
}

}  // namespace convstudio
