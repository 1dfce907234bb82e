#pragma once
// Follows a run folder while another process writes it (a CLI run, a job on another machine
// whose folder is mounted here): each poll reads the metrics.jsonl lines appended since the last
// one, the checkpoints written since, and run.json's state. The studio's File > Open Run… and
// its tests use it; it never writes into the folder.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "convstudio/result.h"
#include "convstudio/runs/metrics_jsonl_reader.h"
#include "convstudio/runs/run_history.h"

namespace convstudio {

// What changed in a followed run folder since the previous poll.
struct RunFollowUpdate {
  // The complete lines appended to metrics.jsonl, in the file's order. A last line still being
  // written is left for a later poll.
  RecordedMetrics metrics;
  // metrics.jsonl was cut shorter or replaced by another file (a run started over in the same
  // folder): what was read before no longer holds, and `metrics` reads the file from its start.
  bool restarted = false;
  // Checkpoint folders (RUN/best.ckpt, RUN/last.ckpt) written or rewritten since the last poll;
  // the first poll names those already there.
  std::vector<std::filesystem::path> checkpoints;
  // run.json's state changed (e.g. "running" to "finished"); RunFollower::run() holds the new one.
  bool state_changed = false;

  bool empty() const {
    return metrics.steps.empty() && metrics.epochs.empty() && !restarted && checkpoints.empty() &&
           !state_changed;
  }
};

class RunFollower {
 public:
  // A folder that is not a run folder (missing, not a folder, no run.json, run.json not a
  // ConvStudio run's) is an Error naming the folder or run.json and why. Nothing is read from
  // metrics.jsonl until the first poll.
  static Result<RunFollower> open(const std::filesystem::path& folder);

  // What was appended and written since the last poll. An Error when the folder cannot be read
  // any more (removed, a mount gone): following may go on later, from where it was.
  Result<RunFollowUpdate> poll();

  const std::filesystem::path& folder() const { return run_.folder; }
  // run.json as last read (name, state, the project as it started, final figures); its steps and
  // epochs stay empty: the polls hand them out.
  const RecordedRun& run() const { return run_; }
  // The run has ended: run.json says finished, cancelled or failed.
  bool ended() const;
  // When metrics.jsonl was last written, as seen by the last poll; nullopt before it exists.
  std::optional<std::chrono::system_clock::time_point> metrics_written() const {
    return metrics_written_;
  }
  // Bytes of metrics.jsonl read so far: complete lines only.
  std::uint64_t offset() const { return offset_; }

 private:
  explicit RunFollower(RecordedRun run) : run_(std::move(run)) {}
  std::optional<Error> read_run_file(RunFollowUpdate& update);
  std::optional<Error> read_metrics(RunFollowUpdate& update);
  void look_for_checkpoints(RunFollowUpdate& update);

  RecordedRun run_;
  std::filesystem::file_time_type run_file_written_{};
  std::optional<std::chrono::system_clock::time_point> metrics_written_;
  std::uint64_t offset_ = 0;
  // The file's first bytes as first read: a file that no longer starts with them was replaced.
  std::string head_;
  MetricsJsonlReader reader_;
  std::vector<std::pair<std::filesystem::path, std::filesystem::file_time_type>> checkpoints_;
};

// The project file whose runs folder holds `run_folder` (PROJECT.runs/NAME → PROJECT), whether
// or not that file exists; nullopt for a run folder kept elsewhere (train --out).
std::optional<std::filesystem::path> owning_project_file(const std::filesystem::path& run_folder);

}  // namespace convstudio
