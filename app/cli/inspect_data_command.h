#pragma once
// `convstudio-cli inspect-data DATASET`: what a data set holds before anything trains on it:
// images per class in the training and validation splits (as training splits them), image
// sizes, grey and colour images, and a warning when the classes are far out of balance.
// `--json` prints the same as one JSON object.

namespace CLI {
class App;
}

namespace convstudio::cli {

void add_inspect_data_command(CLI::App& app, int& exit_code);

}  // namespace convstudio::cli
