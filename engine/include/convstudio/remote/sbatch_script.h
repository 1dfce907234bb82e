#pragma once
// The sbatch script of a remote run: the target's SLURM settings as #SBATCH lines, then `srun`
// starting one `convstudio-cli train` per rank with the torchrun variables the CLI's
// data-parallel code reads (RANK, WORLD_SIZE, LOCAL_RANK from SLURM's; MASTER_ADDR the job's
// first node, MASTER_PORT from the job id). The user may edit it before it is submitted.

#include <string>
#include <vector>

#include "convstudio/remote/remote_target.h"

namespace convstudio {

// A run's place on the remote: everything relative to `job_folder`.
struct RemoteJob {
  std::string name;        // job and folder name: letters, digits, '.', '_', '-' only
  std::string job_folder;  // on the remote; relative paths start at the remote home
  std::string project;     // the project file, relative to job_folder
  std::string run_folder;  // the run folder, relative to job_folder
  std::vector<std::string> train_arguments;  // more `train` flags (--max-steps 100…)
};

// The `convstudio-cli train …` words of one worker.
std::vector<std::string> train_words(const RemoteTarget& target, const RemoteJob& job);

// The script; `slurm` is the target's (or the dialog's) SLURM settings.
std::string sbatch_script(const RemoteTarget& target, const SlurmSettings& slurm,
                          const RemoteJob& job);

}  // namespace convstudio
