#pragma once
// `convstudio-cli submit PROJECT --target NAME` and `convstudio-cli remote
// follow|status|stop|fetch RUN`: training on a remote target (remote_training.h), RUN being
// the local mirror folder submit names.

#include <CLI/CLI.hpp>

namespace convstudio::cli {

void add_submit_command(CLI::App& app, int& exit_code);
void add_remote_command(CLI::App& app, int& exit_code);

}  // namespace convstudio::cli
