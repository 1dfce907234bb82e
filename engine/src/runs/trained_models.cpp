#include "convstudio/runs/trained_models.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "checkpoint_files.h"
#include "convstudio/model/layer_catalog.h"
#include "convstudio/model/project_file.h"
#include "convstudio/runs/run_history.h"
#include "engine_messages.h"

namespace convstudio {
namespace {

struct CheckpointFacts {
  Project project;  // as the run trained it (config.project)
  double val_accuracy = -1;
};

std::optional<CheckpointFacts> read_checkpoint(const std::filesystem::path& checkpoint,
                                               MessageText* why) {
  const auto refuse = [&](const std::string& reason) -> std::optional<CheckpointFacts> {
    if (why) *why = {messages::kCheckpointUnreadable, {checkpoint.string(), reason}};
    return std::nullopt;
  };
  std::ifstream file(checkpoint / kCheckpointStateFile);
  if (!file) return refuse(std::string(kCheckpointStateFile) + " is missing");
  const nlohmann::json state = nlohmann::json::parse(file, nullptr, /*allow_exceptions=*/false);
  if (!state.is_object() || !state.contains("config") || !state["config"].is_object() ||
      !state["config"].contains("project")) {
    return refuse(std::string(kCheckpointStateFile) + " holds no project (config.project)");
  }
  const nlohmann::json& project = state["config"]["project"];
  ProjectLoadResult loaded =
      ProjectFile::parse(project.is_string() ? project.get<std::string>() : project.dump());
  if (!loaded.ok()) return refuse(loaded.errors.front().describe());
  CheckpointFacts facts;
  facts.project = std::move(*loaded.project);
  const nlohmann::json metrics = state.value("metrics", nlohmann::json::object());
  if (checkpoint.filename() == kBestCheckpointFolder && metrics.contains("best_accuracy") &&
      metrics["best_accuracy"].is_number()) {
    facts.val_accuracy = metrics["best_accuracy"].get<double>();
  } else if (metrics.contains("epochs") && metrics["epochs"].is_array() &&
             !metrics["epochs"].empty() && metrics["epochs"].back().is_object()) {
    facts.val_accuracy = metrics["epochs"].back().value("val_accuracy", -1.0);
  }
  return facts;
}

// A parameter's value as the block uses it: its own, else the catalog default.
std::optional<ParamValue> effective_param(const Block& block, const ParamSpec* spec,
                                          const std::string& name) {
  if (auto it = block.params.find(name); it != block.params.end()) return it->second;
  if (spec != nullptr) return spec->default_value;
  return std::nullopt;
}

bool same_value(const std::optional<ParamValue>& a, const std::optional<ParamValue>& b) {
  if (!a || !b) return a.has_value() == b.has_value();
  const auto number = [](const ParamValue& v) -> std::optional<double> {
    if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
    if (const auto* d = std::get_if<double>(&v)) return *d;
    return std::nullopt;
  };
  if (number(*a) && number(*b)) return *number(*a) == *number(*b);  // 2 and 2.0 are one value
  return *a == *b;
}

std::set<std::pair<std::string, int>> inputs_of(const Graph& graph, const std::string& id) {
  std::set<std::pair<std::string, int>> inputs;
  for (const Connection& c : graph.inputs_of(id)) inputs.emplace(c.from, c.to_port);
  return inputs;
}

std::optional<MessageText> block_difference(const Block& trained, const Block& open,
                                            const Graph& trained_graph, const Graph& open_graph) {
  if (trained.type != open.type) {
    return MessageText{messages::kCheckpointBlockType, {open.id, trained.type, open.type}};
  }
  const BlockSpec* spec = LayerCatalog::instance().find(open.type);
  std::set<std::string> names;
  if (spec != nullptr) {
    for (const ParamSpec& param : spec->params) names.insert(param.name);
  }
  for (const auto& [name, value] : trained.params) names.insert(name);
  for (const auto& [name, value] : open.params) names.insert(name);
  for (const std::string& name : names) {
    const ParamSpec* param = spec ? spec->find_param(name) : nullptr;
    const auto there = effective_param(trained, param, name);
    const auto here = effective_param(open, param, name);
    if (!same_value(there, here)) {
      return MessageText{
          messages::kCheckpointParam,
          {name, open.id, there ? to_string(*there) : "—", here ? to_string(*here) : "—"}};
    }
  }
  if (inputs_of(trained_graph, trained.id) != inputs_of(open_graph, open.id)) {
    return MessageText{messages::kCheckpointWiring, {open.id}};
  }
  return std::nullopt;
}

}  // namespace

std::optional<MessageText> network_difference(const Graph& trained, const Graph& open) {
  for (const Block& block : trained.blocks()) {
    if (open.find_block(block.id) == nullptr) {
      return MessageText{messages::kCheckpointBlockMissing, {block.id, block.type}};
    }
  }
  for (const Block& block : open.blocks()) {
    if (trained.find_block(block.id) == nullptr) {
      return MessageText{messages::kCheckpointBlockExtra, {block.id, block.type}};
    }
  }
  for (const Block& block : open.blocks()) {
    if (auto difference = block_difference(*trained.find_block(block.id), block, trained, open)) {
      return difference;
    }
  }
  return std::nullopt;
}

std::optional<MessageText> checkpoint_mismatch(const std::filesystem::path& checkpoint,
                                               const Graph& open) {
  MessageText why;
  const auto facts = read_checkpoint(checkpoint, &why);
  if (!facts) return why;
  return network_difference(facts->project.graph, open);
}

std::optional<MessageText> earlier_version_difference(const std::filesystem::path& checkpoint,
                                                      const Graph& open) {
  std::optional<MessageText> difference = checkpoint_mismatch(checkpoint, open);
  if (!difference) return std::nullopt;
  // The same facts, said as what the network was: a run of this project trained it.
  static const std::map<std::string, const char*> earlier = {
      {messages::kCheckpointBlockMissing, messages::kEarlierVersionBlockMissing},
      {messages::kCheckpointBlockExtra, messages::kEarlierVersionBlockExtra},
      {messages::kCheckpointBlockType, messages::kEarlierVersionBlockType},
      {messages::kCheckpointParam, messages::kEarlierVersionParam},
      {messages::kCheckpointWiring, messages::kEarlierVersionWiring},
  };
  if (auto it = earlier.find(difference->pattern); it != earlier.end()) {
    difference->pattern = it->second;
  }
  return difference;
}

std::optional<Project> checkpoint_project(const std::filesystem::path& checkpoint) {
  auto facts = read_checkpoint(checkpoint, nullptr);
  if (!facts) return std::nullopt;
  return std::move(facts->project);
}

namespace {

void add_fitting_checkpoints(const RecordedRun& run, const Graph& open,
                             std::vector<RunCheckpoint>& found) {
  for (const char* name : {kBestCheckpointFolder, kLastCheckpointFolder}) {
    const std::filesystem::path folder = run.folder / name;
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec)) continue;
    const auto facts = read_checkpoint(folder, nullptr);
    if (!facts || network_difference(facts->project.graph, open)) continue;
    found.push_back({folder, run.name, run.state, name == std::string(kBestCheckpointFolder),
                     facts->val_accuracy});
  }
}

}  // namespace

std::vector<RunCheckpoint> fitting_checkpoints(const std::filesystem::path& project_file,
                                               const Graph& open) {
  std::vector<RunCheckpoint> found;
  for (const RecordedRun& run : list_recorded_runs(project_file, RunDetail::Summary)) {
    add_fitting_checkpoints(run, open, found);
  }
  return found;
}

std::vector<RunCheckpoint> fitting_checkpoints_of_run(const std::filesystem::path& run_folder,
                                                      const Graph& open) {
  std::vector<RunCheckpoint> found;
  if (const auto run = load_recorded_run(run_folder, RunDetail::Summary)) {
    add_fitting_checkpoints(*run, open, found);
  }
  return found;
}

std::optional<RunCheckpoint> newest_earlier_version(const std::filesystem::path& project_file,
                                                    const Graph& open) {
  for (const RecordedRun& run : list_recorded_runs(project_file, RunDetail::Summary)) {
    for (const char* name : {kBestCheckpointFolder, kLastCheckpointFolder}) {
      const std::filesystem::path folder = run.folder / name;
      std::error_code ec;
      if (!std::filesystem::is_directory(folder, ec)) continue;
      const auto facts = read_checkpoint(folder, nullptr);
      if (!facts) continue;
      if (!network_difference(facts->project.graph, open)) return std::nullopt;  // it fits
      return RunCheckpoint{folder, run.name, run.state, name == std::string(kBestCheckpointFolder),
                           facts->val_accuracy};
    }
  }
  return std::nullopt;
}

std::optional<RunCheckpoint> default_checkpoint(const std::vector<RunCheckpoint>& fitting) {
  // Newest run first, best before last: the first finished one is the newest finished run's
  // best checkpoint (or its last when it kept no best).
  const auto finished = std::find_if(fitting.begin(), fitting.end(), [](const RunCheckpoint& c) {
    return c.run_state == "finished";
  });
  if (finished != fitting.end()) return *finished;
  if (!fitting.empty()) return fitting.front();
  return std::nullopt;
}

}  // namespace convstudio
