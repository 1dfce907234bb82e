#include "data_parallel_rank.h"

#include "runs/engine_messages.h"

namespace convstudio {

std::optional<Error> DataParallelRank::join(const DistributedOptions& options,
                                            const torch::Device& device, RunLog& log) {
  log.write(LogLevel::Info, {messages::kJoiningRun,
                             {std::to_string(options.rank), std::to_string(options.world_size),
                              options.master_addr + ":" + std::to_string(options.master_port)}});
  Result<std::unique_ptr<DataParallel>> joined = DataParallel::join(options, device);
  if (!joined) return joined.error();
  parallel_ = std::move(joined).value();
  return std::nullopt;
}

void DataParallelRank::take_part(GraphModule& model, bool sync_batch_norm, std::int64_t batch_size,
                                 std::vector<torch::Tensor> stepped, LossScaler& scaler,
                                 RunLog& log) {
  // Resumed ranks read the same checkpoint; fresh ones start from rank 0's initialisation.
  parallel_->share_weights(model);
  if (sync_batch_norm) {
    synced_batch_norms_ = parallel_->sync_batch_norm(model).size();
    log.write(LogLevel::Info,
              {messages::kSyncBatchNormOn,
               {std::to_string(synced_batch_norms_), std::to_string(parallel_->world_size())}});
  }
  parallel_->reduce_gradients_of(std::move(stepped));
  scaler.set_found_inf_agreement(parallel_->found_inf_agreement());
  log.write(LogLevel::Info,
            {messages::kJoinedRun,
             {std::to_string(parallel_->world_size()), parallel_->group().backend_name(),
              std::to_string(parallel_->reducer().bucket_count()),
              std::to_string(batch_size * parallel_->world_size())}});
}

double DataParallelRank::allreduce_wait_seconds() const {
  return parallel_->reducer().wait_seconds();
}

void DataParallelRank::announce_failure(const std::string& reason) {
  if (parallel_) parallel_->group().announce_failure(reason);
}

}  // namespace convstudio
