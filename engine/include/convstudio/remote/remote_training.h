#pragma once
// Training on a remote target (remote_target.h): submit copies the project and the data it
// needs and starts the run (directly, in its own process group, or through sbatch); mirror
// brings the remote run folder's new lines into a local folder that RunFollower follows like
// any run; stop ends it (kill -TERM of the group, or scancel); checkpoints come back when it
// ends. Every step is one or two ssh/rsync calls; a failed link is an Error the caller retries.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/remote/remote_run.h"
#include "convstudio/result.h"

namespace convstudio {

struct SubmitRequest {
  std::filesystem::path project_file;
  bool slurm = false;                 // through sbatch (the target's SLURM settings, or defaults)
  std::optional<std::string> script;  // the sbatch script as the user edited it
  std::string data_on_remote;         // dataset.path on the remote; empty: the target's, else copy
  std::vector<std::string> train_arguments;
  std::filesystem::path mirror_folder;  // empty: PROJECT.runs/TARGET-DATE-TIME
};

// Where a submission will go, before anything is copied: the job and, for SLURM, its script
// (what the studio shows for editing).
struct SubmitPlan {
  RemoteJob job;
  std::string script;  // empty unless slurm
  std::filesystem::path mirror_folder;
};

Result<SubmitPlan> plan_submission(const RemoteTarget& target, const SubmitRequest& request);
// Copies and starts; the RemoteRun is saved in the mirror folder before it returns.
Result<RemoteRun> submit_remote_run(const RemoteTarget& target, const SubmitRequest& request,
                                    const SubmitPlan& plan);

// What one mirror step saw.
struct MirrorStep {
  bool connection_lost = false;  // the link failed: nothing changed, try again later
  std::string problem;           // the ssh/rsync message when it did
  bool ended_now = false;        // the run ended (state set, checkpoints fetched, saved)
};

// One look: is the remote process or job still there, then the run folder's new bytes
// (metrics appended with --append-verify; the rest but checkpoints as rsync sees fit). When it
// has ended, the checkpoints come too and the state is set from run.json. Errors other than a
// lost link (a remote that refuses) are Errors.
Result<MirrorStep> mirror_remote_run(RemoteRun& run);
// kill -TERM of the process group, or scancel; the run ends on its own (a checkpoint is
// written) and the next mirror steps see it.
std::optional<Error> stop_remote_run(RemoteRun& run);
// The whole remote run folder with its checkpoints, now.
std::optional<Error> fetch_remote_run(RemoteRun& run);
// Whether the remote process (kill -0) or SLURM job (squeue) is still there; one ssh call.
// `lost` (when given) says whether an Error was the link's.
Result<bool> remote_run_alive(const RemoteRun& run, bool* lost = nullptr);

// Seconds to wait before the next try after `failures` failed ones in a row: 1, 2, 4 … 30.
int reconnect_delay_seconds(int failures);

}  // namespace convstudio
