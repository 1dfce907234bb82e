#pragma once
// targets.json in the user's config folder: the remote targets, read and written whole (an
// atomic write), problems named with their file and JSON field.

#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/remote/remote_target.h"
#include "convstudio/result.h"

namespace convstudio {

// $CONVSTUDIO_TARGETS when set, else $XDG_CONFIG_HOME/convstudio/targets.json (XDG_CONFIG_HOME
// defaults to ~/.config).
std::filesystem::path default_targets_file();

// The targets in `file`; a missing file is an empty list. Unknown keys, wrong types, a
// duplicate name and every target_problem are Errors with the file and field
// ("targets[2].slurm.nodes").
Result<std::vector<RemoteTarget>> load_targets(const std::filesystem::path& file);
std::optional<Error> save_targets(const std::filesystem::path& file,
                                  const std::vector<RemoteTarget>& targets);

// The target called `name`, or an Error listing the names there are.
Result<RemoteTarget> find_target(const std::vector<RemoteTarget>& targets, std::string_view name,
                                 const std::filesystem::path& file);

}  // namespace convstudio
