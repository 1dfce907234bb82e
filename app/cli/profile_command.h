#pragma once
// `convstudio-cli profile P`: a few training steps measured block by block (forward, backward,
// kept activation memory, FLOP/s, share), the step's other parts, and a Chrome trace.

namespace CLI {
class App;
}

namespace convstudio::cli {

void add_profile_command(CLI::App& app, int& exit_code);

}  // namespace convstudio::cli
