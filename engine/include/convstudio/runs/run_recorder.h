#pragma once
// Keeps a run on disk as it happens, in its own folder: run.json (project, settings, state and
// final figures), metrics.jsonl (one JSON object per step and per epoch), metrics.csv, and a
// TensorBoard event file (events.out.tfevents.*: the metric list's scalars, the settings as
// HParams, the graph summary as text) for `tensorboard --logdir`; metric_list.h says which
// figure goes where. The trainer writes its
// checkpoints into the same folder. The CLI and the studio both use it, so a run from either shows
// up in the other. It holds the folder's lock (run_folder_lock.h) while it lives: the run it
// records is the only one writing there.

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "convstudio/model/project.h"
#include "convstudio/runs/metric_files.h"
#include "convstudio/runs/run_folder_lock.h"
#include "convstudio/runs/training_events.h"

namespace convstudio {

class TensorBoardWriter;

// run.json's state for a run a study stopped early (its pruner at a validation, or its time
// limit): kept with its folder and checkpoint, never resumed, shown as "pruned".
inline constexpr char kPrunedRunState[] = "pruned";

class RunRecorder : public TrainingListener {
 public:
  // Fresh: the folder's record starts over. Resumed: a run continued into its own folder keeps
  // what is there and appends to it.
  enum class Start { Fresh, Resumed };

  // Creates and locks `folder` and writes run.json with the project; check ok() afterwards. A
  // folder another run holds is left untouched: in_use() then names that run's process.
  RunRecorder(const std::filesystem::path& folder, const Project& project,
              Start start = Start::Fresh);
  ~RunRecorder() override;
  RunRecorder(const RunRecorder&) = delete;
  RunRecorder& operator=(const RunRecorder&) = delete;

  // False once any write failed (folder gone, disk full); problem() says which file and why.
  bool ok() const { return problem_.empty(); }
  const std::string& problem() const { return problem_; }
  // Set when another run holds the folder; nothing was written then.
  const std::optional<Error>& in_use() const { return in_use_; }
  const std::filesystem::path& folder() const { return folder_; }

  void on_step(const StepMetrics& step) override;
  void on_epoch(const EpochMetrics& epoch) override;
  void on_state(RunState state, const std::string& message) override;
  // Writes run.json's "origin"; a resumed part that runs elsewhere or on other data keeps the
  // earlier parts' origins in "earlier_origins".
  void on_origin(const RunOrigin& origin) override;

  // Records that the run is an entry of the run queue (run_queue.h): its id, its sweep and
  // label go into run.json, so the comparison can group a sweep's runs.
  void record_queue_entry(const std::string& queued_run, const std::string& sweep,
                          const std::string& label);

  // Records that the run was stopped early by a rule rather than by a person or its end: run.json
  // says state kPrunedRunState and why ("end_reason"), so the comparison and the study's table
  // show it pruned. Called after the run ended (Cancelled).
  void record_pruned(const std::string& reason);

  // Records the final figures (the CLI's summary line) into run.json, with the training time
  // since this recorder started (added to the earlier parts' when the run was resumed).
  void finish(const nlohmann::json& summary);

 private:
  void write_run_file();
  // Records the first failure of a metrics stream.
  void check(const std::ofstream& stream, const char* file);
  void check_tensorboard();
  // Each class's precision, recall and F1 as TensorBoard scalars at `step`.
  void add_per_class_scalars(const EpochMetrics& epoch, std::int64_t step);

  std::filesystem::path folder_;
  std::optional<RunFolderLock> lock_;  // empty when refused: every write is skipped then
  std::optional<Error> in_use_;
  nlohmann::json run_;
  std::ofstream jsonl_;
  std::ofstream csv_;
  MetricsCsv csv_columns_;  // the columns of metrics.csv
  std::unique_ptr<TensorBoardWriter> tensorboard_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  // When the step lines were last flushed: a run followed from elsewhere (run_follower.h) sees
  // them within a second, however slow its steps, without a write per step.
  std::chrono::steady_clock::time_point flushed_ = started_;
  std::int64_t last_step_ = 0;  // the step the epoch scalars are drawn at in TensorBoard
  std::string problem_;
};

// Where the runs of `project_file` are kept: PROJECT.runs next to it.
std::filesystem::path runs_folder(const std::filesystem::path& project_file);
// The folder a new run of `project_file` goes to: PROJECT.runs/YYYYMMDD-HHMMSS next to it.
std::filesystem::path new_run_folder(const std::filesystem::path& project_file);

}  // namespace convstudio
