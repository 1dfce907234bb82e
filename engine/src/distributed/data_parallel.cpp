#include "data_parallel.h"

#include <algorithm>

namespace convstudio {

Result<std::unique_ptr<DataParallel>> DataParallel::join(const DistributedOptions& options,
                                                         const torch::Device& device) {
  Result<std::unique_ptr<ProcessGroup>> group = ProcessGroup::connect(options, device);
  if (!group) return group.error();
  return std::unique_ptr<DataParallel>(new DataParallel(std::move(group).value(), options, device));
}

DataParallel::DataParallel(std::unique_ptr<ProcessGroup> group, const DistributedOptions& options,
                           const torch::Device& device)
    : group_(std::move(group)), options_(options), device_(device) {}

void DataParallel::share_weights(GraphModule& model) {
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> tensors;
  for (const torch::Tensor& parameter : model->parameters()) tensors.push_back(parameter);
  for (const torch::Tensor& buffer : model->buffers()) tensors.push_back(buffer);
  group_->broadcast(tensors, 0);
}

void DataParallel::reduce_gradients_of(std::vector<torch::Tensor> parameters) {
  reducer_.reset();  // its hooks go before the new ones are set
  reducer_ = std::make_unique<GradientReducer>(*group_, std::move(parameters),
                                               options_.bucket_bytes, options_.overlap);
}

std::vector<std::string> DataParallel::sync_batch_norm(GraphModule& model) {
  if (!sync_batch_norm_) sync_batch_norm_ = std::make_unique<SyncBatchNorm>(*group_);
  SyncBatchNorm* sync = sync_batch_norm_.get();
  return model->set_batch_norm_in_training(
      [sync](const std::string& block_id, torch::nn::BatchNorm2dImpl& batch_norm,
             const torch::Tensor& input) { return sync->forward(block_id, batch_norm, input); });
}

StepAgreement DataParallel::agree_on_step(double loss_sum, double correct, std::int64_t samples,
                                          bool stop, double samples_per_second,
                                          std::uint64_t memory_bytes) {
  // One small all-reduce per step: [loss sum, correct, samples, stop, speed per rank, memory
  // per rank]; each rank fills only its own slots of the last two.
  const auto world = static_cast<std::int64_t>(world_size());
  torch::Tensor values =
      torch::zeros({4 + 2 * world}, torch::TensorOptions().dtype(torch::kDouble));
  auto* v = values.data_ptr<double>();
  v[0] = loss_sum;
  v[1] = correct;
  v[2] = static_cast<double>(samples);
  v[3] = stop ? 1 : 0;
  v[4 + rank()] = samples_per_second;
  v[4 + world + rank()] = static_cast<double>(memory_bytes);
  values = values.to(device_);
  group_->allreduce(values);
  const torch::Tensor summed = values.to(torch::kCPU);
  const auto* s = summed.data_ptr<double>();
  StepAgreement agreement;
  agreement.loss_sum = s[0];
  agreement.correct = s[1];
  agreement.samples = static_cast<std::int64_t>(s[2]);
  agreement.stop = s[3] > 0;
  for (std::int64_t r = 0; r < world; ++r) {
    agreement.rank_samples_per_second.push_back(s[4 + r]);
    agreement.rank_memory_bytes.push_back(static_cast<std::uint64_t>(s[4 + world + r]));
  }
  return agreement;
}

void DataParallel::sum_over_ranks(std::vector<double>& values) {
  torch::Tensor summed =
      torch::tensor(values, torch::TensorOptions().dtype(torch::kDouble)).to(device_);
  group_->allreduce(summed);
  summed = summed.to(torch::kCPU).contiguous();
  std::copy_n(summed.data_ptr<double>(), values.size(), values.begin());
}

std::function<void(torch::Tensor&)> DataParallel::found_inf_agreement() {
  return [this](torch::Tensor& found_inf) {
    group_->allreduce(found_inf, c10d::ReduceOp::RedOpType::MAX);
  };
}

}  // namespace convstudio
