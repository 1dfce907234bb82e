#pragma once
// `convstudio-cli study`: a random or TPE search over the project's settings (issue 36), its
// trials trained one after another through the run queue as a sweep's runs are.

namespace CLI {
class App;
}

namespace convstudio::cli {

void add_study_command(CLI::App& app, int& exit_code);

}  // namespace convstudio::cli
