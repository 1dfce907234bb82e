#pragma once
// `convstudio-cli devices`: the CPU and every CUDA device, or why CUDA cannot be used.

#include <ostream>

namespace CLI {
class App;
}

namespace convstudio::cli {

// Adds the `devices` subcommand; `exit_code` receives its result when it runs.
void add_devices_command(CLI::App& app, int& exit_code);

}  // namespace convstudio::cli
