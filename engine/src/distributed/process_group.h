#pragma once
// One rank's membership of a data-parallel run: the rendezvous through c10d's TCPStore (rank 0
// hosts it), the collective backend (Gloo on the CPU, NCCL on CUDA) and a heartbeat, so that when
// a collective fails the error names the rank that died or hung. Internal (LibTorch).

#include <torch/torch.h>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <torch/csrc/distributed/c10d/Backend.hpp>
#include <torch/csrc/distributed/c10d/Store.hpp>

#include "convstudio/result.h"
#include "convstudio/train/distributed_options.h"

namespace convstudio {

// A peer failed: it died, hung past the timeout, could not be reached, or stopped with an error
// of its own. `rank` is the peer's (-1 when it cannot be told).
class PeerFailure : public std::runtime_error {
 public:
  PeerFailure(int rank, const std::string& message) : std::runtime_error(message), rank_(rank) {}
  int rank() const { return rank_; }

 private:
  int rank_;
};

class ProcessGroup {
 public:
  // Meets the other ranks (every rank waits up to the timeout for all to arrive; the error names
  // the ranks that did not) and connects the backend for `device`.
  static Result<std::unique_ptr<ProcessGroup>> connect(const DistributedOptions& options,
                                                       const torch::Device& device);
  ~ProcessGroup();
  ProcessGroup(const ProcessGroup&) = delete;
  ProcessGroup& operator=(const ProcessGroup&) = delete;

  int rank() const { return options_.rank; }
  int size() const { return options_.world_size; }
  const DistributedOptions& options() const { return options_; }
  std::string backend_name() const;

  // Starts an in-place all-reduce; wait() for it. Callable from autograd's threads.
  c10::intrusive_ptr<c10d::Work> start_allreduce(torch::Tensor& tensor,
                                                 c10d::ReduceOp::RedOpType op);
  // Waits for a collective; a failure becomes a PeerFailure naming the rank.
  void wait(const c10::intrusive_ptr<c10d::Work>& work);
  void allreduce(torch::Tensor& tensor,
                 c10d::ReduceOp::RedOpType op = c10d::ReduceOp::RedOpType::SUM);
  // Copies `root`'s tensors into every rank's (weights at the start of a run).
  void broadcast(std::vector<torch::Tensor>& tensors, int root = 0);

  // Tells the other ranks that this one stops because of `reason`, so their errors say why.
  void announce_failure(const std::string& reason);

 private:
  ProcessGroup(DistributedOptions options, c10::intrusive_ptr<c10d::Store> store);
  void beat();
  // After a failed collective: which peer is gone, and what it said if it said anything.
  PeerFailure diagnose(const std::string& what_failed);

  DistributedOptions options_;
  c10::intrusive_ptr<c10d::Store> store_;  // the training thread's connection
  c10::intrusive_ptr<c10d::Backend> backend_;
  std::mutex heartbeat_mutex_;
  std::condition_variable heartbeat_stop_;
  bool stopping_ = false;
  std::thread heartbeat_;
};

}  // namespace convstudio
