#pragma once
// `convstudio-cli train P --nproc-per-node N`: starts N worker processes of this program on this
// machine, as torchrun does, each with the standard variables (WORLD_SIZE, RANK, LOCAL_RANK,
// MASTER_ADDR, MASTER_PORT) and the same arguments; forwards Ctrl+C and SIGTERM to them; and
// when one dies, gives the others the distributed timeout (plus a grace) to stop on their own,
// naming it, before it ends them.

#include <string>
#include <vector>

#include "convstudio/train/distributed_options.h"

namespace convstudio::cli {

struct LaunchPlan {
  int nproc_per_node = 1;
  int nnodes = 1;
  int node_rank = 0;
  std::string master_addr = "127.0.0.1";
  int master_port = 0;  // 0: a free port of this machine (one node only)
  int timeout_seconds = kDefaultDistributedTimeoutSeconds;
};

class WorkerLauncher {
 public:
  WorkerLauncher(LaunchPlan plan, std::vector<std::string> arguments);
  // Runs the workers to their end; the exit code: 0 when all succeeded, else the first failed
  // worker's (1 for one killed by a signal).
  int run();

 private:
  std::string executable() const;

  LaunchPlan plan_;
  std::vector<std::string> arguments_;  // argv of this process, argv[0] first
};

}  // namespace convstudio::cli
