#pragma once
// `convstudio-cli train` and `evaluate`: a run from a project file, its metrics and checkpoints;
// a checkpoint's loss, accuracy and confusion matrix.

namespace CLI {
class App;
}

namespace convstudio::cli {

void add_train_command(CLI::App& app, int& exit_code);
void add_evaluate_command(CLI::App& app, int& exit_code);

}  // namespace convstudio::cli
