#pragma once
// A run's data: the data set, its training and validation loaders at the run's batch size and
// accumulation (rebuilt at half the batch after an out-of-memory error, or at a checkpoint's
// batch on resume), the loader stalls of loaders replaced, and the unreadable files already
// reported. Internal (LibTorch).

#include <torch/torch.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "batch_mixing.h"
#include "convstudio/data/dataset.h"
#include "convstudio/model/dataset_settings.h"
#include "convstudio/model/training_settings.h"
#include "convstudio/train/distributed_options.h"
#include "data/batch_loader.h"
#include "run_control.h"
#include "run_log.h"
#include "training_loss.h"

namespace convstudio {

class RunData {
 public:
  // Loads the data set, logging a long scan's progress at most once a second; a Stop cancels
  // it. The error says why it failed (when control says cancelled, the run was stopped).
  std::optional<Error> load(const DatasetRequest& request, const RunControl& control, RunLog& log);
  // The loaders at the settings' batch size and accumulation, on `device`, sharded for this rank.
  void start_loaders(const torch::Device& device, const TrainingSettings& settings,
                     const DistributedOptions& distributed, const DatasetSettings& dataset);
  // After an out-of-memory error: half the batch, twice the accumulation, new training loader.
  void halve_batch();
  // A checkpoint's batch and accumulation (an out-of-memory retry may have changed them).
  void use_batch(std::int64_t batch_size, std::int64_t accumulate);
  // The loss weighs classes by the training split's counts, so it is settled with the data:
  // the class weights the settings ask for, on `device`; an error at the setting when an
  // explicit list does not name every class. Logs the weights used. The batches' mixing
  // (mixup/CutMix, drawn from `seed`) is settled with it. `pixels`: a segmentation run's loss
  // (weights per pixel; mixup and CutMix refused, their soft targets are per image).
  std::optional<Error> settle_loss(const LossSettings& settings, std::uint64_t seed,
                                   std::int64_t classes, const torch::Device& device, RunLog& log,
                                   std::optional<PixelLoss> pixels = std::nullopt);
  const TrainingLoss& loss() const { return loss_; }
  // Once the loss is settled.
  const BatchMixer& mixer() const { return *mixer_; }
  // Logs files a batch had to leave out: each file once, the first kNamedSkippedFiles by name.
  void report_skipped(const std::vector<Error>& skipped, RunLog& log);

  const Dataset& dataset() const { return dataset_; }
  const DatasetInfo& info() const { return dataset_.info; }
  BatchLoader& train_loader() { return *train_loader_; }
  BatchLoader& validation_loader() { return *val_loader_; }
  std::int64_t batch_size() const { return batch_size_; }
  std::int64_t accumulate() const { return accumulate_; }
  std::int64_t batches_per_epoch() const { return train_loader_->batches_per_epoch(); }
  std::int64_t steps_per_epoch() const;
  // Seconds the run waited for batches, over every training loader it had.
  double stall_seconds() const;

 private:
  void make_loaders();
  // One line each on the class-balanced sampler and on mixup/CutMix, when they are on.
  void log_sampling(const LossSettings& settings, std::int64_t classes, RunLog& log) const;

  Dataset dataset_;
  BatchLoaderOptions common_;  // what both loaders share, less the batch size
  AugmentationOptions augmentation_;
  bool class_balanced_ = false;  // the training loader's sampler (the validation one never is)
  bool on_cuda_ = false;
  std::unique_ptr<BatchLoader> train_loader_;
  std::unique_ptr<BatchLoader> val_loader_;
  std::int64_t batch_size_ = 0;
  std::int64_t accumulate_ = 1;
  double stall_seconds_before_ = 0;      // of loaders replaced after an out-of-memory error
  std::set<std::string> skipped_files_;  // unreadable files already reported
  TrainingLoss loss_;
  std::optional<BatchMixer> mixer_;
};

}  // namespace convstudio
