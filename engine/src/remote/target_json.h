#pragma once
// A RemoteTarget as JSON, shared by targets.json and remote.json (internal).

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "convstudio/error.h"
#include "convstudio/remote/remote_target.h"

namespace convstudio {

nlohmann::ordered_json target_json(const RemoteTarget& target);
// Problems go to `errors` with field paths under `path`.
RemoteTarget target_from_json(const nlohmann::ordered_json& json, const std::string& path,
                              std::vector<Error>& errors);

}  // namespace convstudio
