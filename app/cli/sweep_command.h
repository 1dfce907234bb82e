#pragma once
// `convstudio-cli sweep`: a grid of settings queued in the project's run queue (where the studio
// shows it) and trained run after run in this process, or the queue continued after a stop.

namespace CLI {
class App;
}

namespace convstudio::cli {

void add_sweep_command(CLI::App& app, int& exit_code);

}  // namespace convstudio::cli
