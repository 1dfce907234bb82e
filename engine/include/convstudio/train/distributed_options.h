#pragma once
// Data-parallel training across processes (issue 17): where a process stands in the run (its
// rank among world_size) and how the ranks meet (c10d's TCPStore at master_addr:master_port).
// Torch-free; the trainer turns it into a c10d process group (Gloo on the CPU, NCCL on CUDA).

#include <cstdint>
#include <map>
#include <string>

#include "convstudio/result.h"

namespace convstudio {

// How long a rank waits for a peer (rendezvous, one collective) before the run fails with an
// error naming the rank that did not answer. A dead peer is noticed at once (its sockets close);
// the bound is for one that hangs or whose machine is unreachable.
inline constexpr int kDefaultDistributedTimeoutSeconds = 60;

struct DistributedOptions {
  int world_size = 1;  // processes in the run; 1: no process group at all
  int rank = 0;        // 0 .. world_size-1; rank 0 hosts the store, writes run files/checkpoints
  int local_rank = 0;  // rank on this machine: picks cuda:<local_rank> for a CUDA run
  std::string master_addr = "127.0.0.1";
  int master_port = 29500;
  int timeout_seconds = kDefaultDistributedTimeoutSeconds;
  // Gradients are all-reduced in buckets of about this many bytes, each started from an autograd
  // hook as soon as its gradients are complete, while backward goes on (as DDP's reducer does).
  std::int64_t bucket_bytes = 1 << 20;
  bool overlap = true;  // false: every bucket is reduced after backward (for measurements)

  bool enabled() const { return world_size > 1; }
  bool writes_files() const { return rank == 0; }
};

// The torchrun variables a launcher (torchrun, Slurm or MPI wrappers, our own --nproc-per-node)
// sets: WORLD_SIZE, RANK, LOCAL_RANK, MASTER_ADDR, MASTER_PORT, and CONVSTUDIO_DIST_TIMEOUT
// (seconds). `defaults` fills what is unset. A malformed or inconsistent value is an error
// naming the variable.
Result<DistributedOptions> distributed_options_from_environment(
    const std::map<std::string, std::string>& environment, DistributedOptions defaults = {});

// The variables of this process (environ), for the function above.
std::map<std::string, std::string> process_environment();

// A TCP port nobody listens on at the moment (bound to 127.0.0.1 and let go), for a one-machine
// run's rendezvous; 0 when none.
int free_local_port();

}  // namespace convstudio
