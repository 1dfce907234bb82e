#pragma once
// A training run's side of data parallelism: joining the other ranks (rank 0's weights,
// SyncBatchNorm, gradients all-reduced as backward produces them, the loss scaler's found-inf
// flag agreed) and the all-reduce each optimizer step waits for. Absent (active() false) for a
// run of one process. Internal (LibTorch).

#include <torch/torch.h>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/train/distributed_options.h"
#include "distributed/data_parallel.h"
#include "loss_scaler.h"
#include "nn/graph_module.h"
#include "run_log.h"

namespace convstudio {

class DataParallelRank {
 public:
  // Joins the run's other ranks; the error says why the group could not be joined.
  std::optional<Error> join(const DistributedOptions& options, const torch::Device& device,
                            RunLog& log);
  // Then: rank 0's weights, SyncBatchNorm when asked, the all-reduce of the gradients of
  // `stepped`, and the scaler's found-inf flag agreed. `batch_size` is this rank's. A peer that
  // fails meanwhile throws PeerFailure.
  void take_part(GraphModule& model, bool sync_batch_norm, std::int64_t batch_size,
                 std::vector<torch::Tensor> stepped, LossScaler& scaler, RunLog& log);

  bool active() const { return parallel_ != nullptr; }
  DataParallel& parallel() { return *parallel_; }
  // With SyncBatchNorm a rank runs even an empty shard of a batch, so that each BatchNorm's
  // all-reduces still pair up across the ranks.
  bool runs_empty_batches() const { return synced_batch_norms_ > 0; }
  // Before the backward of a step's last micro-batch: its gradients go out bucket by bucket.
  void arm_reduction() { parallel_->reducer().arm(); }
  // Waits for the step's gradients to be summed over the ranks.
  void finish_reduction() { parallel_->reducer().finish(); }
  double allreduce_wait_seconds() const;
  // The other ranks' collectives fail now too; this tells them why, so they name this rank.
  void announce_failure(const std::string& reason);

 private:
  std::unique_ptr<DataParallel> parallel_;  // null for a run of one process
  std::size_t synced_batch_norms_ = 0;      // BatchNorm2d blocks normalising over all ranks
};

}  // namespace convstudio
