#include "convstudio/remote/sbatch_script.h"

#include "convstudio/remote/shell_words.h"

namespace convstudio {

std::vector<std::string> train_words(const RemoteTarget& target, const RemoteJob& job) {
  std::vector<std::string> words{target.cli, "train", job.project, "--out", job.run_folder};
  words.insert(words.end(), job.train_arguments.begin(), job.train_arguments.end());
  return words;
}

std::string sbatch_script(const RemoteTarget& target, const SlurmSettings& slurm,
                          const RemoteJob& job) {
  std::string script = "#!/bin/bash\n";
  // #SBATCH values are not read by a shell: the job name is plain by construction, the
  // partition and time limit were refused with spaces (target_problem).
  script += "#SBATCH --job-name=" + job.name + "\n";
  script += "#SBATCH --nodes=" + std::to_string(slurm.nodes) + "\n";
  script += "#SBATCH --ntasks-per-node=" + std::to_string(slurm.ranks_per_node) + "\n";
  if (!slurm.partition.empty()) script += "#SBATCH --partition=" + slurm.partition + "\n";
  if (slurm.gpus_per_node > 0) {
    script += "#SBATCH --gres=gpu:" + std::to_string(slurm.gpus_per_node) + "\n";
  }
  if (!slurm.time_limit.empty()) script += "#SBATCH --time=" + slurm.time_limit + "\n";
  // Relative to the folder sbatch is started in: the job folder.
  script += "#SBATCH --output=slurm-%j.out\n";
  for (const std::string& line : slurm.extra_lines) script += line + "\n";
  // No `cd`: sbatch is started in the job folder, and a job runs where it was submitted, so a
  // script printed before submitting (whose job folder's name was not yet chosen) still fits.
  script += "\nset -eu\n";
  script += "# Rank 0 hosts the rendezvous on the job's first node; the port follows the job id.\n";
  script +=
      "export MASTER_ADDR=\"$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\"\n";
  script += "export MASTER_PORT=$((20000 + SLURM_JOB_ID % 20000))\n";
  script +=
      "# One worker per rank, with the variables `convstudio-cli train` reads (as torchrun's).\n";
  // The inner script is fixed text: the user's words reach it only as its arguments ("$@").
  script +=
      "srun --kill-on-bad-exit=1 bash -c 'export RANK=$SLURM_PROCID "
      "LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS; exec \"$@\"' worker \\\n  " +
      shell_command(train_words(target, job)) + "\n";
  return script;
}

}  // namespace convstudio
