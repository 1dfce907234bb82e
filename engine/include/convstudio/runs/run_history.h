#pragma once
// Runs kept on disk, read back for the studio's runs list and chart overlays.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace convstudio {

struct RecordedStep {
  std::int64_t step = 0;
  double loss = 0;
  double lr = 0;
};

struct RecordedEpoch {
  std::int64_t epoch = 0;
  double train_loss = 0;
  double val_loss = 0;
  double val_accuracy = 0;
};

struct RecordedRun {
  std::filesystem::path folder;
  std::string name;              // the folder name, e.g. 20261121-235959
  std::string state;             // "running", "finished", "cancelled", "failed"
  std::string started;           // ISO 8601 local time
  std::string settings_summary;  // "batch 64 × 1, sgd lr 0.01, amp off, cpu"
  std::vector<RecordedStep> steps;
  std::vector<RecordedEpoch> epochs;
};

// nullopt when the folder holds no readable run.json; unreadable metrics lines are skipped.
std::optional<RecordedRun> load_recorded_run(const std::filesystem::path& folder);
// Every run under PROJECT.runs/, newest first.
std::vector<RecordedRun> list_recorded_runs(const std::filesystem::path& project_file);
// The newest run's best checkpoint (its last one when it kept no best), or nullopt when no run
// of the project left a checkpoint: what "the trained model" means to export or predict with.
std::optional<std::filesystem::path> newest_trained_model(
    const std::filesystem::path& project_file);

}  // namespace convstudio
