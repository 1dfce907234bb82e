#pragma once
// `convstudio-cli targets add|list|remove`: the remote targets file (targets_file.h).

#include <CLI/CLI.hpp>

namespace convstudio::cli {

void add_targets_command(CLI::App& app, int& exit_code);

}  // namespace convstudio::cli
