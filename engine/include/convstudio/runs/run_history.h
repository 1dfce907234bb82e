#pragma once
// Runs kept on disk, read back for the studio's runs list and chart overlays.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "convstudio/model/project.h"
#include "convstudio/runs/metric_files.h"

namespace convstudio {

// A run's final figures, from the summary its end wrote into run.json (nullopt: not measured,
// or the run has not ended).
struct RecordedFigures {
  std::optional<double> train_loss;
  std::optional<double> val_loss;
  std::optional<double> val_accuracy;
  std::optional<double> val_balanced_accuracy;  // of the last validation (issue 34)
  std::optional<double> val_macro_f1;
  // Segmentation (issue 38): the last validation's mean IoU and the run's best.
  std::optional<double> val_mean_iou;
  std::optional<double> best_val_mean_iou;
  std::optional<double> samples_per_second;
  std::optional<double> wall_seconds;  // training time, every resumed part added
  std::uint64_t peak_memory_bytes = 0;
  std::int64_t steps = 0;
  std::int64_t epochs = 0;
};

struct RecordedRun {
  std::filesystem::path folder;
  std::string name;              // the folder name, e.g. 20261121-235959
  std::string state;             // "running", "finished", "cancelled", "failed", "pruned"
  std::string end_reason;        // why a pruned run stopped ("pruned by asha at step 40 …")
  std::string started;           // ISO 8601 local time
  std::string settings_summary;  // "batch 64 × 1, sgd lr 0.01, amp off, cpu"
  // The project as the run started (graph and settings); nullopt when run.json's copy cannot be
  // read as a project.
  std::optional<Project> project;
  std::string graph_version;  // run_comparison.h's graph_version of that graph; empty if none
  // run.json's "origin" as run_origin.h's origin_facts(); empty for a run recorded without one.
  std::vector<std::pair<std::string, std::string>> origin;
  // From the run queue (run_queue.h), empty for a run started on its own.
  std::string queued_run;  // the queue entry's id
  std::string sweep;
  std::string label;
  RecordedFigures figures;
  std::vector<RecordedStep> steps;
  std::vector<RecordedEpoch> epochs;
};

// How much of a run to read: its metrics (every step) can be large, and listing checkpoints
// needs only the run's name and state. Epochs: the epochs' figures without the steps (the run
// comparison's best accuracy), 20 ms where Metrics took 520 for 50 runs of 2,800 steps.
enum class RunDetail { Summary, Epochs, Metrics };

// nullopt when the folder holds no readable run.json; unreadable metrics lines are skipped.
std::optional<RecordedRun> load_recorded_run(const std::filesystem::path& folder,
                                             RunDetail detail = RunDetail::Metrics);
// Every run under PROJECT.runs/, newest first.
std::vector<RecordedRun> list_recorded_runs(const std::filesystem::path& project_file,
                                            RunDetail detail = RunDetail::Metrics);

}  // namespace convstudio
