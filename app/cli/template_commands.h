#pragma once
// `convstudio-cli templates`, `new` and `inspect`: ready-made networks, new projects from them,
// and a per-block table of shapes and costs with the training memory estimate.

namespace CLI {
class App;
}

namespace convstudio::cli {

void add_templates_command(CLI::App& app, int& exit_code);
void add_new_command(CLI::App& app, int& exit_code);
void add_inspect_command(CLI::App& app, int& exit_code);

}  // namespace convstudio::cli
