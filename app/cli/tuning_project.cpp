#include "tuning_project.h"

#include <CLI/CLI.hpp>

#include <atomic>
#include <csignal>
#include <iostream>

#include "convstudio/model/project_file.h"

namespace convstudio::cli {
namespace {

std::atomic<bool> interrupted{false};

extern "C" void on_tuning_interrupt(int) {
  interrupted = true;
}

}  // namespace

void add_tuning_overrides(CLI::App* command, TuningOverrides& o, bool with_lr) {
  command->add_option("--device", o.device, "auto, cpu, cuda or cuda:K (default: the project's)");
  command->add_option("--amp", o.amp, "Mixed precision: off, fp16, bf16 or auto")
      ->check(CLI::IsMember({"off", "fp16", "bf16", "auto"}));
  command->add_option("--optimizer", o.optimizer, "Optimizer")
      ->check(CLI::IsMember({"sgd", "adam", "adamw"}));
  command->add_option("--batch-size", o.batch_size, "Micro-batch size")->check(CLI::PositiveNumber);
  if (with_lr) command->add_option("--lr", o.lr, "Learning rate")->check(CLI::PositiveNumber);
}

std::optional<Project> load_tuning_project(const std::string& file, const TuningOverrides& o) {
  ProjectLoadResult loaded = ProjectFile::load(file);
  if (!loaded.ok()) {
    for (const Error& error : loaded.errors) std::cerr << "error: " << error.describe() << "\n";
    return std::nullopt;
  }
  Project project = std::move(*loaded.project);
  TrainingSettings& t = project.training;
  if (o.device) {
    if (!is_valid_device(*o.device)) {
      std::cerr << "error: --device " << *o.device << ": expected auto, cpu, cuda or cuda:K\n";
      return std::nullopt;
    }
    t.device = *o.device;
  }
  if (o.amp) t.amp = *parse_amp_mode(*o.amp);
  if (o.optimizer) t.optimizer = *parse_optimizer_kind(*o.optimizer);
  if (o.batch_size) t.batch_size = *o.batch_size;
  if (o.lr) t.lr = *o.lr;
  return project;
}

bool save_tuning_project(const Project& project, const std::string& file) {
  if (std::optional<Error> problem = ProjectFile::save(project, file)) {
    std::cerr << "error: could not save " << file << ": " << problem->describe() << "\n";
    return false;
  }
  return true;
}

InterruptWatch::InterruptWatch() {
  interrupted = false;
  std::signal(SIGINT, on_tuning_interrupt);
  std::signal(SIGTERM, on_tuning_interrupt);
}

InterruptWatch::~InterruptWatch() {
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
}

bool InterruptWatch::requested() const {
  return interrupted;
}

}  // namespace convstudio::cli
