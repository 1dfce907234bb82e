#include "target_json.h"

#include "json_fields.h"

namespace convstudio {
namespace {

using Json = nlohmann::ordered_json;

SlurmSettings slurm_from_json(const Json& json, const std::string& path,
                              std::vector<Error>& errors) {
  SlurmSettings slurm;
  JsonFields fields(json, path, errors);
  if (!fields.valid()) return slurm;
  fields.read("partition", slurm.partition);
  fields.read("nodes", slurm.nodes, 1, 100000);
  fields.read("ranks_per_node", slurm.ranks_per_node, 1, 1024);
  fields.read("gpus_per_node", slurm.gpus_per_node, 0, 1024);
  fields.read("time_limit", slurm.time_limit);
  if (const Json* lines = fields.array("extra_lines")) {
    for (std::size_t i = 0; i < lines->size(); ++i) {
      if (!(*lines)[i].is_string()) {
        fields.error("extra_lines[" + std::to_string(i) + "]", "is not a string");
        continue;
      }
      slurm.extra_lines.push_back((*lines)[i].get<std::string>());
    }
  }
  fields.finish();
  return slurm;
}

}  // namespace

Json target_json(const RemoteTarget& target) {
  Json json{{"name", target.name},
            {"destination", target.destination},
            {"port", target.port},
            {"ssh_config", target.ssh_config},
            {"cli", target.cli},
            {"work_folder", target.work_folder},
            {"data_path", target.data_path}};
  if (target.slurm) {
    const SlurmSettings& slurm = *target.slurm;
    json["slurm"] =
        Json{{"partition", slurm.partition},           {"nodes", slurm.nodes},
             {"ranks_per_node", slurm.ranks_per_node}, {"gpus_per_node", slurm.gpus_per_node},
             {"time_limit", slurm.time_limit},         {"extra_lines", slurm.extra_lines}};
  }
  return json;
}

RemoteTarget target_from_json(const Json& json, const std::string& path,
                              std::vector<Error>& errors) {
  RemoteTarget target;
  JsonFields fields(json, path, errors);
  if (!fields.valid()) return target;
  fields.read("name", target.name);
  fields.read("destination", target.destination);
  fields.read("port", target.port, 0, 65535);
  fields.read("ssh_config", target.ssh_config);
  fields.read("cli", target.cli);
  fields.read("work_folder", target.work_folder);
  fields.read("data_path", target.data_path);
  if (const Json* slurm = fields.object("slurm")) {
    target.slurm = slurm_from_json(*slurm, fields.field("slurm"), errors);
  }
  fields.finish();
  return target;
}

}  // namespace convstudio
