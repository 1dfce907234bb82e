#pragma once
// What a training run does differently as one rank of a data-parallel run: it joins the process
// group, starts from rank 0's weights, all-reduces gradients (GradientReducer), agrees with the
// other ranks once per optimizer step (the step's loss and accuracy over all ranks, whether any
// rank was asked to stop, each rank's throughput and memory), and sums validation over the
// shards. Internal (LibTorch).

#include <torch/torch.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/result.h"
#include "convstudio/train/distributed_options.h"
#include "gradient_reducer.h"
#include "nn/graph_module.h"
#include "process_group.h"
#include "sync_batch_norm.h"

namespace convstudio {

// One optimizer step, over all ranks.
struct StepAgreement {
  double loss_sum = 0;  // sum over the step's samples of their loss
  double correct = 0;
  std::int64_t samples = 0;
  bool stop = false;  // some rank was asked to stop (Ctrl+C, SIGTERM, the studio's Stop)
  std::vector<double> rank_samples_per_second;
  std::vector<std::uint64_t> rank_memory_bytes;
};

class DataParallel {
 public:
  static Result<std::unique_ptr<DataParallel>> join(const DistributedOptions& options,
                                                    const torch::Device& device);

  int rank() const { return group_->rank(); }
  int world_size() const { return group_->size(); }
  ProcessGroup& group() { return *group_; }

  // Every rank's parameters and buffers become rank 0's.
  void share_weights(GraphModule& model);
  // The parameters whose gradients are summed (the optimizer's); replaces an earlier set.
  void reduce_gradients_of(std::vector<torch::Tensor> parameters);
  GradientReducer& reducer() { return *reducer_; }
  // SyncBatchNorm: the model's BatchNorm2d blocks normalise over all ranks in training from now
  // on (while this DataParallel lives). Returns those blocks' ids.
  std::vector<std::string> sync_batch_norm(GraphModule& model);

  StepAgreement agree_on_step(double loss_sum, double correct, std::int64_t samples, bool stop,
                              double samples_per_second, std::uint64_t memory_bytes);
  // Sums `values` element by element over the ranks (on the run's device): every rank gets the
  // sums, in place. What they mean is the caller's (validation: sum_evaluation_over_ranks).
  void sum_over_ranks(std::vector<double>& values);
  // For LossScaler: the found-inf flag becomes the maximum over the ranks.
  std::function<void(torch::Tensor&)> found_inf_agreement();

 private:
  DataParallel(std::unique_ptr<ProcessGroup> group, const DistributedOptions& options,
               const torch::Device& device);

  std::unique_ptr<ProcessGroup> group_;
  DistributedOptions options_;
  torch::Device device_;
  std::unique_ptr<GradientReducer> reducer_;
  std::unique_ptr<SyncBatchNorm> sync_batch_norm_;
};

}  // namespace convstudio
