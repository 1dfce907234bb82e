#include "recompute_segments.h"

#include <deque>
#include <map>
#include <set>
#include <string>

namespace convstudio {
namespace {

// The first block outside `members` that lies on a path leaving the group and coming back to
// it, or nullptr when the group is closed. Breadth-first from the group's outside successors,
// through outside blocks only: O(blocks + wires) per group.
const Block* block_between(const Graph& graph, const GraphIndex& index,
                           const std::set<std::size_t>& members) {
  std::vector<bool> seen(graph.blocks().size(), false);
  std::deque<std::size_t> queue;
  const auto visit_successors = [&](std::size_t at) {
    for (const Connection* wire : index.outputs(at)) {
      const auto to = index.position(wire->to);
      if (!to || members.count(*to) > 0 || seen[*to]) continue;
      seen[*to] = true;
      queue.push_back(*to);
    }
  };
  for (std::size_t member : members) visit_successors(member);
  while (!queue.empty()) {
    const std::size_t at = queue.front();
    queue.pop_front();
    for (const Connection* wire : index.outputs(at)) {
      const auto to = index.position(wire->to);
      if (to && members.count(*to) > 0) return &graph.blocks()[at];
    }
    visit_successors(at);
  }
  return nullptr;
}

}  // namespace

void assign_recompute_segments(const Graph& graph, const GraphIndex& index,
                               ModelAnalysis& analysis) {
  std::map<std::string, std::set<std::size_t>> groups;
  for (BlockAnalysis& block : analysis.blocks) {
    const Block* source = index.block(block.id);
    // The Input block has nothing to recompute from: it is the batch itself.
    block.recompute = source != nullptr && source->recompute && !block.input_shapes.empty();
    if (!block.recompute) continue;
    if (source->recompute_group.empty()) {
      block.recompute_segment = "block:" + block.id;
    } else {
      block.recompute_segment = "group:" + source->recompute_group;
      groups[source->recompute_group].insert(*index.position(block.id));
    }
  }
  for (const auto& [group, members] : groups) {
    if (members.size() < 2) continue;
    if (const Block* between = block_between(graph, index, members)) {
      analysis.errors.push_back(Error::in_block(
          between->id, between->type, "recompute",
          "lies between blocks of recompute group '" + group +
              "' without being in it; mark it to recompute in the group too, or split the group"));
    }
  }
}

}  // namespace convstudio
