#pragma once
// `convstudio-cli find-batch-size`: the largest batch that fits the device with a safety margin
// and the batch with the best measured throughput (with --apply, one of them written into the
// project file).

namespace CLI {
class App;
}

namespace convstudio::cli {

void add_find_batch_size_command(CLI::App& app, int& exit_code);

}  // namespace convstudio::cli
