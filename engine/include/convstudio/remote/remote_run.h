#pragma once
// What is known of a submitted remote run, kept as remote.json in its local mirror folder so a
// restarted studio or CLI, or a dropped link, can resume following it: the target, the remote
// folders, the process group or SLURM job, and its state as last seen.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "convstudio/remote/remote_target.h"
#include "convstudio/remote/sbatch_script.h"
#include "convstudio/result.h"

namespace convstudio {

inline constexpr char kRemoteRunFile[] = "remote.json";

enum class RemoteLaunch { Direct, Slurm };
// Running until the remote process or job is gone; then what run.json said: finished,
// stopped (cancelled, by Stop or a signal), failed (or ended without saying).
enum class RemoteRunState { Running, Finished, Stopped, Failed };

std::string to_string(RemoteLaunch launch);   // "direct" | "slurm"
std::string to_string(RemoteRunState state);  // "running" | "finished" | "stopped" | "failed"
std::optional<RemoteRunState> parse_remote_run_state(std::string_view text);

struct RemoteRun {
  RemoteTarget target;  // as it was when submitted: later edits of the target do not move it
  RemoteJob job;
  RemoteLaunch launch = RemoteLaunch::Direct;
  std::int64_t pid = 0;       // Direct: the remote process group's leader
  std::string job_id;         // Slurm: sbatch's job id
  std::string mirror_folder;  // local: the run folder's copy, followed like a local run
  RemoteRunState state = RemoteRunState::Running;
  bool stop_requested = false;
  bool checkpoints_fetched = false;

  // The remote run folder: job_folder/run_folder.
  std::string remote_run_folder() const;
  bool ended() const { return state != RemoteRunState::Running; }
};

std::filesystem::path remote_run_file(const std::filesystem::path& mirror_folder);
Result<RemoteRun> load_remote_run(const std::filesystem::path& mirror_folder);
std::optional<Error> save_remote_run(const RemoteRun& run);

}  // namespace convstudio
