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
  double samples_per_second = 0;
  std::uint64_t memory_allocated_bytes = 0;  // CUDA allocator; 0 on the CPU
  std::uint64_t memory_reserved_bytes = 0;
  std::uint64_t memory_peak_bytes = 0;
  std::uint64_t resident_bytes = 0;  // the process
};

struct RecordedEpoch {
  std::int64_t epoch = 0;
  std::int64_t step = 0;  // the optimizer step the epoch ended at
  double train_loss = 0;
  double train_accuracy = 0;
  double val_loss = 0;
  double val_accuracy = 0;
  std::vector<std::vector<std::int64_t>> confusion;  // [true class][predicted class]
  std::vector<std::string> class_names;
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

// How much of a run to read: its metrics (every step) can be large, and listing checkpoints
// needs only the run's name and state.
enum class RunDetail { Summary, Metrics };

// nullopt when the folder holds no readable run.json; unreadable metrics lines are skipped.
std::optional<RecordedRun> load_recorded_run(const std::filesystem::path& folder,
                                             RunDetail detail = RunDetail::Metrics);
// Every run under PROJECT.runs/, newest first.
std::vector<RecordedRun> list_recorded_runs(const std::filesystem::path& project_file,
                                            RunDetail detail = RunDetail::Metrics);

}  // namespace convstudio
