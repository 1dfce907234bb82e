#include "export/native_export.h"

#include "convstudio/io/atomic_write.h"
#include "convstudio/model/graph_json.h"
#include "io/safetensors_io.h"

namespace convstudio {

std::optional<Error> NativeExport::write(const TrainedModel& model,
                                         const std::filesystem::path& weights,
                                         const std::filesystem::path& graph_json) {
  const std::string graph = GraphJson::to_json(model.graph).dump();
  const nlohmann::json contract = model.contract.to_json();
  SafetensorsContent content;
  content.tensors = model.tensors;
  content.metadata = {{"format", kNativeModelFormat},
                      {"version", std::to_string(kNativeModelVersion)},
                      {"graph", graph},
                      {"preprocessing", contract.dump()}};
  if (auto error = write_safetensors(weights, content)) return error;
  if (graph_json.empty()) return std::nullopt;
  nlohmann::ordered_json description;
  description["format"] = kNativeModelFormat;
  description["version"] = kNativeModelVersion;
  description["weights"] = weights.filename().string();
  description["preprocessing"] = contract;
  description["graph"] = GraphJson::to_json(model.graph);
  return write_file_atomically(graph_json, description.dump(2) + "\n");
}

Result<TrainedModel> NativeExport::read(const std::filesystem::path& weights) {
  const std::string file = weights.string();
  Result<SafetensorsContent> content = read_safetensors(weights);
  if (!content) return content.error();
  const auto& metadata = content.value().metadata;
  auto field = [&](const char* key) -> const std::string* {
    auto it = metadata.find(key);
    return it == metadata.end() ? nullptr : &it->second;
  };
  const std::string* format = field("format");
  if (format == nullptr || *format != kNativeModelFormat) {
    return Error::in_file(file,
                          "is not a ConvStudio model export (its safetensors metadata has no "
                          "\"format\": \"convstudio-model\")");
  }
  const std::string* version = field("version");
  if (version == nullptr || *version != std::to_string(kNativeModelVersion)) {
    return Error::in_file(
        file, "has model format version " + (version ? *version : std::string("(none)")) +
                  "; this ConvStudio reads version " + std::to_string(kNativeModelVersion));
  }
  const std::string* graph_text = field("graph");
  const std::string* contract_text = field("preprocessing");
  if (graph_text == nullptr || contract_text == nullptr) {
    return Error::in_file(file, "its metadata lacks \"graph\" or \"preprocessing\"");
  }
  PreprocessingContract contract;
  Graph graph;
  try {
    contract = PreprocessingContract::from_json(nlohmann::json::parse(*contract_text));
    std::vector<Error> errors;
    graph = GraphJson::from_json(nlohmann::ordered_json::parse(*graph_text), "graph", errors);
    if (!errors.empty()) {
      return Error::in_file(file, "metadata graph: " + errors.front().describe());
    }
  } catch (const nlohmann::json::exception& error) {
    return Error::in_file(file, std::string("metadata: ") + error.what());
  }
  return make_trained_model(std::move(graph), std::move(content.value().tensors),
                            std::move(contract), file);
}

}  // namespace convstudio
