#pragma once
// A machine to train on: an SSH host with ConvStudio installed, reached with the user's own
// OpenSSH client, keys and ~/.ssh/config (we store no passwords), optionally through SLURM.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/error.h"

namespace convstudio {

// How a run is submitted to SLURM: `sbatch` with these #SBATCH lines, `srun` starting one
// worker per rank (ranks_per_node on each of `nodes`).
struct SlurmSettings {
  std::string partition;  // empty: the cluster's default partition
  std::int64_t nodes = 1;
  std::int64_t ranks_per_node = 1;       // worker processes per node: one per GPU, or CPU ranks
  std::int64_t gpus_per_node = 0;        // --gres=gpu:N; 0 asks for none (CPU ranks)
  std::string time_limit;                // --time (e.g. "02:00:00"); empty: the partition's
  std::vector<std::string> extra_lines;  // more "#SBATCH ..." lines, written as given

  bool operator==(const SlurmSettings&) const = default;
};

struct RemoteTarget {
  std::string name;                    // the user's name for it; unique in the targets file
  std::string destination;             // as the user writes it for `ssh`: "gpu1", "me@gpu1.lab.org"
  std::int64_t port = 0;               // 0: ssh's own choice (~/.ssh/config, else 22)
  std::string ssh_config;              // a file for `ssh -F`; empty: ~/.ssh/config as usual
  std::string cli = "convstudio-cli";  // the remote convstudio-cli (a path or a name)
  std::string work_folder = "convstudio-runs";  // where submitted runs live (relative: home)
  // The data on the remote, used as the project's dataset.path there instead of copying the
  // local data; empty: the data is copied with the project.
  std::string data_path;
  std::optional<SlurmSettings> slurm;  // set: runs go through sbatch by default

  bool operator==(const RemoteTarget&) const = default;
};

// Why `target` cannot be used, naming the field ("destination", "slurm.nodes"…), or nullopt.
// A destination or name starting with '-' (it would be read as an option), control characters
// in any field, and an #SBATCH line that is not one are refused.
std::optional<Error> target_problem(const RemoteTarget& target);

}  // namespace convstudio
