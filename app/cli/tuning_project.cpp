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

void add_tuning_overrides(CLI::App* command, SettingFlags& o, bool with_lr) {
  o.add(command, "device", "auto, cpu, cuda or cuda:K (default: the project's)");
  o.add(command, {"amp", "optimizer", "batch_size"});
  if (with_lr) o.add(command, "lr");
}

std::optional<Project> load_tuning_project(const std::string& file, const SettingFlags& o) {
  ProjectLoadResult loaded = ProjectFile::load(file);
  if (!loaded.ok()) {
    for (const Error& error : loaded.errors) std::cerr << "error: " << error.describe() << "\n";
    return std::nullopt;
  }
  Project project = std::move(*loaded.project);
  const std::vector<Error> refused = o.apply_to(project);
  for (const Error& error : refused) std::cerr << "error: " << error.describe() << "\n";
  if (!refused.empty()) return std::nullopt;
  if (!passes_setting_checks(project)) return std::nullopt;
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
