#pragma once
// `convstudio-cli predict`: top-k classes with probabilities for images, from a checkpoint or a
// native or TorchScript export, one JSON object per image; or a whole folder to CSV.

namespace CLI {
class App;
}

namespace convstudio::cli {

void add_predict_command(CLI::App& app, int& exit_code);

}  // namespace convstudio::cli
