#include "convstudio/runs/run_origin.h"

namespace convstudio {
namespace {

// run.json's names, in the order the comparison shows them.
constexpr const char* kFactNames[] = {
    "convstudio_version", "commit", "libtorch_version", "cuda_version",    "cudnn_version",
    "driver_version",     "device", "device_names",     "cpu_model",       "cpu_threads",
    "torch_threads",      "host",   "data_path",        "data_fingerprint"};

std::string fact_text(const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_array()) {
    std::string text;
    for (const nlohmann::json& item : value) {
      if (!text.empty()) text += ", ";
      text += fact_text(item);
    }
    return text;
  }
  return value.dump();
}

}  // namespace

nlohmann::json run_origin_json(const RunOrigin& origin) {
  return {{"convstudio_version", origin.convstudio_version},
          {"commit", origin.commit},
          {"libtorch_version", origin.libtorch_version},
          {"cuda_version", origin.cuda_version},
          {"cudnn_version", origin.cudnn_version},
          {"driver_version", origin.driver_version},
          {"device", origin.device},
          {"device_names", origin.device_names},
          {"cpu_model", origin.cpu_model},
          {"cpu_threads", origin.cpu_threads},
          {"torch_threads", origin.torch_threads},
          {"host", origin.host},
          {"data_path", origin.data_path},
          {"data_fingerprint", origin.data_fingerprint}};
}

std::vector<std::pair<std::string, std::string>> origin_facts(const nlohmann::json& origin) {
  std::vector<std::pair<std::string, std::string>> facts;
  if (!origin.is_object()) return facts;
  for (const char* name : kFactNames) {
    const auto found = origin.find(name);
    facts.emplace_back(name, found == origin.end() ? std::string() : fact_text(*found));
  }
  return facts;
}

}  // namespace convstudio
