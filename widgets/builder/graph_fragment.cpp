#include "graph_fragment.h"

#include <algorithm>
#include <map>
#include <string>
#include <unordered_set>

#include "convstudio/model/graph_json.h"

namespace convstudio {

QString GraphFragment::mimeType() {
  return QStringLiteral("application/x-convstudio-graph");
}

Graph GraphFragment::extract(const Graph& graph, const QStringList& ids) {
  // Hashed: copying hundreds of blocks of a large model must not compare every pair.
  std::unordered_set<std::string> chosen;
  for (const QString& id : ids) chosen.insert(id.toStdString());
  auto selected = [&](const std::string& id) { return chosen.contains(id); };
  Graph fragment;
  for (const Block& block : graph.blocks()) {
    if (selected(block.id)) fragment.insert_block(block);
  }
  for (const Connection& c : graph.connections()) {
    if (selected(c.from) && selected(c.to)) fragment.insert_connection(c);
  }
  return fragment;
}

QByteArray GraphFragment::toJson(const Graph& fragment) {
  return QByteArray::fromStdString(GraphJson::to_json(fragment).dump());
}

std::optional<Graph> GraphFragment::fromJson(const QByteArray& json) {
  const auto parsed = nlohmann::ordered_json::parse(json.toStdString(), nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) return std::nullopt;
  std::vector<Error> errors;
  Graph graph = GraphJson::from_json(parsed, "clipboard", errors);
  if (!errors.empty()) return std::nullopt;
  return graph;
}

Graph GraphFragment::rebased(const Graph& fragment, const Graph& target, QPointF offset) {
  // Ids are taken from a growing copy of the target, so two pasted convs become conv3, conv4.
  Graph taken = target;
  std::map<std::string, std::string> renamed;
  Graph result;
  for (Block block : fragment.blocks()) {
    const std::string id =
        taken.find_block(block.id) == nullptr ? block.id : taken.unique_id(block.type);
    renamed[block.id] = id;
    block.id = id;
    block.x += offset.x();
    block.y += offset.y();
    taken.insert_block(block);
    result.insert_block(std::move(block));
  }
  for (Connection c : fragment.connections()) {
    c.from = renamed[c.from];
    c.to = renamed[c.to];
    result.insert_connection(std::move(c));
  }
  return result;
}

}  // namespace convstudio
