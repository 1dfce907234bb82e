#include "find_lr_command.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>
#include <chrono>
#include <iostream>
#include <memory>

#include "convstudio/model/project_file.h"
#include "convstudio/train/lr_finder.h"
#include "exit_codes.h"
#include "tuning_project.h"

namespace convstudio::cli {
namespace {

struct FindLrOptions {
  std::string file;
  SettingFlags overrides;
  LrFinderOptions finder;
  bool apply = false;
};

nlohmann::json result_json(const LrFinderResult& result, double project_lr) {
  nlohmann::json points = nlohmann::json::array();
  for (const LrFinderPoint& p : result.points) {
    points.push_back({{"lr", p.lr}, {"loss", p.loss}, {"smoothed_loss", p.smoothed_loss}});
  }
  const auto lr_or_null = [](const std::optional<LrSuggestion>& suggestion) {
    return suggestion ? nlohmann::json(suggestion->lr) : nlohmann::json(nullptr);
  };
  return {{"suggested_lr",
           result.suggested_lr ? nlohmann::json(*result.suggested_lr) : nlohmann::json(nullptr)},
          {"steepest_lr", lr_or_null(result.suggestions.steepest)},
          {"valley_lr", lr_or_null(result.suggestions.valley)},
          {"project_lr", project_lr},
          {"optimizer", result.optimizer},
          {"batch_size", result.batch_size},
          {"device", result.device},
          {"steps", result.points.size()},
          {"diverged", result.diverged},
          {"cancelled", result.cancelled},
          {"points", points}};
}

// An error with a place (a setting, a block, a file) is the input's; one without is ours.
int exit_code_for(const Error& error) {
  const bool placed = !error.field.empty() || !error.block_id.empty() || !error.file.empty();
  return placed ? kExitUsageError : kExitFailure;
}

int run_find_lr(const FindLrOptions& o) {
  std::optional<Project> project = load_tuning_project(o.file, o.overrides);
  if (!project) return kExitUsageError;
  LrFinderOptions options = o.finder;
  options.project = *project;
  options.start_weights = ProjectFile::weights_file(options.project, o.file).string();
  const bool tty = isatty(STDERR_FILENO) != 0;
  const InterruptWatch interrupt;
  auto last_line = std::chrono::steady_clock::now();
  const LrFinderResult result = find_learning_rate(
      options, [&](const LrFinderPoint& point, std::int64_t step, std::int64_t steps) {
        const auto now = std::chrono::steady_clock::now();
        if (tty && now - last_line > std::chrono::milliseconds(100)) {
          last_line = now;
          std::cerr << "\rfind-lr: step " << step << "/" << steps << ", lr " << point.lr
                    << ", smoothed loss " << point.smoothed_loss << "   " << std::flush;
        }
        return !interrupt.requested();
      });
  if (tty) std::cerr << "\n";
  if (result.error) {
    std::cerr << "error: " << result.error->describe() << "\n";
    return exit_code_for(*result.error);
  }
  std::cerr << "range test: " << result.points.size() << " steps from " << options.start_lr
            << " on " << result.device << " (" << result.optimizer << ", batch "
            << result.batch_size << ")"
            << (result.diverged ? ", stopped where the loss diverged" : "")
            << (result.cancelled ? ", cancelled" : "") << "\n";
  if (result.suggested_lr) {
    std::cerr << "steepest fall: " << *result.suggested_lr << " (suggested; --apply writes it)\n";
    if (const std::optional<LrSuggestion>& valley = result.suggestions.valley) {
      std::cerr << "valley: " << valley->lr << " (fastai's default rule)\n";
    }
    std::cerr << "the project uses " << project->training.optimizer.lr << "\n";
  } else {
    std::cerr << "no suggestion: the loss did not fall over the range; try a wider range or "
                 "more steps\n";
  }
  std::cout << result_json(result, project->training.optimizer.lr).dump() << std::endl;
  if (o.apply && result.suggested_lr && !result.cancelled) {
    // The file as it is, with only the learning rate changed (not the overrides of this test).
    std::optional<Project> saved = load_tuning_project(o.file, {});
    if (!saved) return kExitFailure;
    saved->training.optimizer.lr = *result.suggested_lr;
    if (!save_tuning_project(*saved, o.file)) return kExitFailure;
    std::cerr << "wrote training.lr = " << *result.suggested_lr << " into " << o.file << "\n";
  }
  if (result.cancelled) return kExitFailure;
  return result.suggested_lr ? kExitOk : kExitFailure;
}

}  // namespace

void add_find_lr_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<FindLrOptions>();
  auto* c = app.add_subcommand(
      "find-lr",
      "Learning-rate range test: the loss while the learning rate grows exponentially, and the "
      "learning rate where it falls fastest (weights are not changed)");
  c->add_option("file", o->file, "Project file (*.convstudio)")
      ->required()
      ->check(CLI::ExistingFile);
  c->add_option("--steps", o->finder.steps, "Optimizer steps from the start to the end rate")
      ->capture_default_str();
  c->add_option("--start-lr", o->finder.start_lr, "Learning rate of the first step")
      ->capture_default_str();
  c->add_option("--end-lr", o->finder.end_lr, "Learning rate of the last step")
      ->capture_default_str();
  add_tuning_overrides(c, o->overrides, false);
  c->add_flag("--apply", o->apply, "Write the suggested learning rate into the project file");
  c->callback([o, &exit_code] { exit_code = run_find_lr(*o); });
}

}  // namespace convstudio::cli
