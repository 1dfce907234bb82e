#include "convstudio/model/graph_json.h"

#include <set>

#include "convstudio/model/block_id.h"
#include "convstudio/model/layer_catalog.h"
#include "json_fields.h"

namespace convstudio {
namespace {

using Json = nlohmann::ordered_json;

Json value_to_json(const ParamValue& value) {
  return std::visit([](const auto& v) { return Json(v); }, value);
}

// Converts a JSON parameter value, checking it against the catalog type when known. Unknown
// parameters keep the JSON kind, so GraphValidator can name them.
std::optional<ParamValue> value_from_json(const Json& json, const ParamSpec* spec,
                                          std::string& problem) {
  if (spec != nullptr) {
    switch (spec->type) {
      case ParamType::Int:
        if (json.is_number_integer()) return ParamValue(json.get<std::int64_t>());
        problem = "must be a whole number";
        return std::nullopt;
      case ParamType::Float:
        if (json.is_number()) return ParamValue(json.get<double>());
        problem = "must be a number";
        return std::nullopt;
      case ParamType::Bool:
        if (json.is_boolean()) return ParamValue(json.get<bool>());
        problem = "must be true or false";
        return std::nullopt;
      case ParamType::Choice:
        if (json.is_string()) return ParamValue(json.get<std::string>());
        problem = "must be a string";
        return std::nullopt;
    }
  }
  if (json.is_number_integer()) return ParamValue(json.get<std::int64_t>());
  if (json.is_number()) return ParamValue(json.get<double>());
  if (json.is_boolean()) return ParamValue(json.get<bool>());
  if (json.is_string()) return ParamValue(json.get<std::string>());
  problem = "must be a number, true/false or a string";
  return std::nullopt;
}

void read_params(const Json& json, const std::string& path, Block& block,
                 std::vector<Error>& errors) {
  const BlockSpec* spec = LayerCatalog::instance().find(block.type);
  for (const auto& [name, value] : json.items()) {
    std::string problem;
    auto parsed = value_from_json(value, spec ? spec->find_param(name) : nullptr, problem);
    if (parsed) {
      block.params[name] = std::move(*parsed);
    } else {
      errors.push_back(Error::at_field("", path + "." + name, problem));
    }
  }
}

}  // namespace

nlohmann::ordered_json GraphJson::to_json(const Graph& graph) {
  Json blocks = Json::array();
  for (const Block& block : graph.blocks()) {
    Json params = Json::object();
    for (const auto& [name, value] : block.params) params[name] = value_to_json(value);
    Json entry{{"id", block.id},
               {"type", block.type},
               {"x", block.x},
               {"y", block.y},
               {"params", std::move(params)}};
    // Written only when frozen, so files without frozen blocks read the same as before.
    if (!block.trainable) entry["trainable"] = false;
    if (block.recompute) entry["recompute"] = true;
    if (block.recompute && !block.recompute_group.empty()) {
      entry["recompute_group"] = block.recompute_group;
    }
    blocks.push_back(std::move(entry));
  }
  Json connections = Json::array();
  for (const Connection& c : graph.connections()) {
    connections.push_back(Json{{"from", c.from}, {"to", c.to}, {"port", c.to_port}});
  }
  return Json{{"blocks", std::move(blocks)}, {"connections", std::move(connections)}};
}

Graph GraphJson::from_json(const nlohmann::ordered_json& json, const std::string& path,
                           std::vector<Error>& errors) {
  Graph graph;
  JsonFields fields(json, path, errors);
  if (!fields.valid()) return graph;
  if (const Json* blocks = fields.array("blocks")) {
    for (std::size_t i = 0; i < blocks->size(); ++i) {
      const std::string block_path = path + ".blocks[" + std::to_string(i) + "]";
      JsonFields block_fields((*blocks)[i], block_path, errors);
      if (!block_fields.valid()) continue;
      Block block;
      block_fields.read("id", block.id);
      block_fields.read("type", block.type);
      block_fields.read("x", block.x, -1e9, 1e9);
      block_fields.read("y", block.y, -1e9, 1e9);
      block_fields.read("trainable", block.trainable);
      block_fields.read("recompute", block.recompute);
      block_fields.read("recompute_group", block.recompute_group);
      if (const Json* params = block_fields.object("params")) {
        read_params(*params, block_path + ".params", block, errors);
      }
      block_fields.finish();
      if (block.id.empty()) {
        block_fields.error("id", "every block needs a non-empty id");
      } else if (auto problem = block_id_problem(block.id)) {
        block_fields.error("id", "the id " + *problem);
      } else if (block.type.empty()) {
        block_fields.error("type", "every block needs a type");
      } else if (!graph.insert_block(std::move(block))) {
        block_fields.error("id",
                           "duplicate block id '" + (*blocks)[i]["id"].get<std::string>() + "'");
      }
    }
  }
  if (const Json* connections = fields.array("connections")) {
    for (std::size_t i = 0; i < connections->size(); ++i) {
      const std::string wire_path = path + ".connections[" + std::to_string(i) + "]";
      JsonFields wire_fields((*connections)[i], wire_path, errors);
      if (!wire_fields.valid()) continue;
      Connection c;
      std::int64_t port = 0;
      wire_fields.read("from", c.from);
      wire_fields.read("to", c.to);
      wire_fields.read("port", port, 0, 1024);
      wire_fields.finish();
      c.to_port = static_cast<int>(port);
      const std::optional<std::string> from_problem = block_id_problem(c.from);
      const std::optional<std::string> to_problem = block_id_problem(c.to);
      if (c.from.empty() || c.to.empty()) {
        wire_fields.error(c.from.empty() ? "from" : "to", "every wire needs a block id here");
      } else if (from_problem || to_problem) {
        wire_fields.error(from_problem ? "from" : "to",
                          "the block id " + (from_problem ? *from_problem : *to_problem));
      } else if (!graph.insert_connection(c)) {
        errors.push_back(Error::at_field("", wire_path, "duplicate wire"));
      }
    }
  }
  fields.finish();
  return graph;
}

}  // namespace convstudio
