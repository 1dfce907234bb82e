#pragma once
// `convstudio-cli find-lr`: the learning-rate range test on a project's training data, with the
// suggested learning rate (and, with --apply, written into the project file).

namespace CLI {
class App;
}

namespace convstudio::cli {

void add_find_lr_command(CLI::App& app, int& exit_code);

}  // namespace convstudio::cli
