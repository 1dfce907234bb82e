// targets.json: reading and writing the remote targets (targets_file.h).

#include "convstudio/remote/targets_file.h"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <set>

#include <nlohmann/json.hpp>

#include "convstudio/io/atomic_write.h"
#include "json_fields.h"
#include "target_json.h"

namespace convstudio {
namespace {

using Json = nlohmann::ordered_json;

constexpr char kTargetsFormat[] = "convstudio-targets";
constexpr int kTargetsVersion = 1;

Result<Json> read_json(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return Error::in_file(file.string(), "cannot open the file for reading");
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return Error::in_file(file.string(), "is not valid JSON");
  if (!json.is_object() || !json.contains("format") || json["format"] != kTargetsFormat) {
    return Error::in_file(file.string(),
                          "not a ConvStudio targets file (expected a JSON object with "
                          "\"format\": \"convstudio-targets\")");
  }
  if (!json.contains("version") || !json["version"].is_number_integer() ||
      json["version"].get<int>() > kTargetsVersion) {
    return Error::at_field(
        file.string(), "version",
        "is newer than this ConvStudio reads (" + std::to_string(kTargetsVersion) + ")");
  }
  return json;
}

}  // namespace

std::filesystem::path default_targets_file() {
  if (const char* file = std::getenv("CONVSTUDIO_TARGETS"); file != nullptr && *file != '\0') {
    return file;
  }
  std::filesystem::path config;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg != nullptr && *xdg != '\0') {
    config = xdg;
  } else if (const char* home = std::getenv("HOME"); home != nullptr) {
    config = std::filesystem::path(home) / ".config";
  }
  return config / "convstudio" / "targets.json";
}

Result<std::vector<RemoteTarget>> load_targets(const std::filesystem::path& file) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return std::vector<RemoteTarget>{};
  Result<Json> json = read_json(file);
  if (!json) return json.error();
  std::vector<RemoteTarget> targets;
  std::vector<Error> errors;
  JsonFields fields(json.value(), "targets", errors);
  fields.skip("format");
  fields.skip("version");
  if (const Json* list = fields.array("targets")) {
    std::set<std::string> names;
    for (std::size_t i = 0; i < list->size(); ++i) {
      const std::string path = "targets[" + std::to_string(i) + "]";
      RemoteTarget target = target_from_json((*list)[i], path, errors);
      if (!errors.empty()) break;
      if (auto problem = target_problem(target)) {
        errors.push_back(Error::at_field("", path + "." + problem->field, problem->message));
        break;
      }
      if (!names.insert(target.name).second) {
        errors.push_back(
            Error::at_field("", path + ".name", "'" + target.name + "' names another target too"));
        break;
      }
      targets.push_back(std::move(target));
    }
  }
  fields.finish();
  if (!errors.empty()) {
    Error first = errors.front();
    first.file = file.string();
    return first;
  }
  return targets;
}

std::optional<Error> save_targets(const std::filesystem::path& file,
                                  const std::vector<RemoteTarget>& targets) {
  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (auto problem = target_problem(targets[i])) {
      return Error::at_field(file.string(), "targets[" + std::to_string(i) + "]." + problem->field,
                             problem->message);
    }
  }
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  if (ec) {
    return Error::in_file(file.parent_path().string(), "cannot create the folder: " + ec.message());
  }
  Json list = Json::array();
  for (const RemoteTarget& target : targets) list.push_back(target_json(target));
  const Json json{
      {"format", kTargetsFormat}, {"version", kTargetsVersion}, {"targets", std::move(list)}};
  return write_file_atomically(file, json.dump(2) + "\n");
}

Result<RemoteTarget> find_target(const std::vector<RemoteTarget>& targets, std::string_view name,
                                 const std::filesystem::path& file) {
  std::string known;
  for (const RemoteTarget& target : targets) {
    if (target.name == name) return target;
    known += (known.empty() ? "" : ", ") + target.name;
  }
  return Error::in_file(file.string(),
                        "no target named '" + std::string(name) + "' (" +
                            (known.empty() ? "there are none" : "there are " + known) + ")");
}

}  // namespace convstudio
