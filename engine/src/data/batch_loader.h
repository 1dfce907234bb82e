#pragma once
// Feeds training: background workers assemble whole batches straight into one normalised float
// tensor (pinned when CUDA is there) while the trainer computes on the previous ones. For image
// files the workers also read and decode each batch's files (or take them from the decoded
// cache), so memory is bounded by the prefetch depth, not by the data set. The order of each
// epoch follows from (seed, epoch), so a resumed run starts epoch E, skips the batches it
// already did without decoding them, and sees exactly what the original run saw.

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include <torch/types.h>

#include "convstudio/data/augmentation_options.h"
#include "convstudio/data/image_set.h"
#include "convstudio/data/sample_set.h"
#include "convstudio/error.h"
#include "data/augmenter.h"

namespace convstudio {

struct BatchLoaderOptions {
  std::int64_t batch_size = 128;
  int workers = 2;           // 0 assembles each batch inside next(), on the caller's thread
  int prefetch_batches = 4;  // most batches assembled ahead of the consumer
  bool shuffle = true;
  // Epochs draw classes equally (class_balanced_epoch_order) instead of shuffling; as many
  // draws as samples, so the batches per epoch stay the same.
  bool class_balanced = false;
  bool drop_last = false;  // leave out the last, smaller batch of an epoch
  // Data-parallel runs: this loader is shard `shard_rank` of `shard_count`. Batch k of the epoch
  // is then rows of the global batch k (batch_size × shard_count samples of the epoch's order),
  // split as evenly as it goes (the short last one too), so the shards of a step are together
  // exactly what one process with the whole global batch would see. Resume skips global batches.
  int shard_rank = 0;
  int shard_count = 1;
  std::uint64_t seed = 0;  // fixes the epoch orders and the augmentations
  AugmentationOptions augmentation;
  bool pin_memory = true;  // takes effect only when CUDA is available
  // Per channel, of pixel / 255 (DatasetInfo::normalisation). Empty: pixels become pixel / 255.
  std::vector<float> mean;
  std::vector<float> std;
};

struct Batch {
  torch::Tensor images;  // float32, batch x C x H x W, normalised
  // int64: batch (a class per image), or batch x H x W for segmentation data (a class per pixel,
  // or the set's ignore label).
  torch::Tensor labels;
  std::int64_t epoch = 0;
  std::int64_t index = 0;             // position of this batch in its epoch
  bool non_blocking = false;          // pinned: copy to the GPU with non_blocking = true
  std::vector<std::int64_t> samples;  // the set's index of each row
  // Rows of the global batch, all shards together (= the planned rows without sharding).
  std::int64_t global_rows = 0;
  // Files of this batch that could not be read; they are left out, so the batch is smaller.
  std::vector<Error> skipped;
};

// Thrown by next() when not one image of a batch could be read (so there is nothing to train
// on): the data is broken, not the program.
class DataFailure : public std::runtime_error {
 public:
  explicit DataFailure(Error error)
      : std::runtime_error(error.describe()), error_(std::move(error)) {}
  const Error& error() const { return error_; }

 private:
  Error error_;
};

class BatchLoader {
 public:
  // `samples` is shared so it outlives the workers even if the caller lets go of it.
  BatchLoader(std::shared_ptr<const SampleSet> samples, BatchLoaderOptions options);
  BatchLoader(std::shared_ptr<const ImageSet> images, BatchLoaderOptions options);
  ~BatchLoader();
  BatchLoader(const BatchLoader&) = delete;
  BatchLoader& operator=(const BatchLoader&) = delete;

  std::int64_t batches_per_epoch() const { return batches_per_epoch_; }
  std::int64_t sample_count() const { return samples_->size(); }
  bool pinned() const { return pinned_; }

  // Begins epoch `epoch` at batch `skip_batches`; batches of an epoch still being prepared
  // are dropped. Call before the first next().
  void start_epoch(std::int64_t epoch, std::int64_t skip_batches = 0);

  // The next batch of the current epoch, in order; nullopt when the epoch is over. Rethrows
  // a failure of a worker (such as running out of memory, or DataFailure).
  std::optional<Batch> next();

  // Time spent waiting inside next() for a batch to be ready, since construction.
  double stall_seconds() const { return static_cast<double>(stall_ns_.load()) * 1e-9; }

 private:
  void work();
  struct Scratch {
    std::vector<std::uint8_t> decoded;
    std::vector<std::uint8_t> augmented;
    std::vector<std::uint8_t> mask;
    std::vector<std::uint8_t> augmented_mask;
  };
  Batch assemble(const std::vector<std::int64_t>& order, std::int64_t epoch, std::int64_t index,
                 Scratch& scratch) const;

  std::shared_ptr<const SampleSet> samples_;
  BatchLoaderOptions options_;
  Augmenter augmenter_;
  std::vector<std::array<float, 256>> normalise_;  // per channel: pixel value -> input value
  std::int64_t batches_per_epoch_ = 0;
  bool pinned_ = false;
  std::atomic<std::int64_t> stall_ns_{0};

  // Everything below is guarded by mutex_. Batches are claimed and delivered in index order;
  // a worker may claim a batch only while fewer than `capacity_` are ahead of the consumer.
  std::mutex mutex_;
  std::condition_variable work_ready_;   // workers wait for a batch to claim
  std::condition_variable batch_ready_;  // the consumer waits for the next batch
  std::uint64_t generation_ = 0;         // bumped per start_epoch; older results are dropped
  std::shared_ptr<const std::vector<std::int64_t>> order_;
  std::int64_t epoch_ = 0;
  std::int64_t next_to_claim_ = 0;
  std::int64_t next_to_deliver_ = 0;
  bool epoch_started_ = false;
  bool stopping_ = false;
  std::int64_t capacity_ = 1;
  std::map<std::int64_t, Batch> finished_;
  std::exception_ptr failure_;
  std::vector<std::thread> workers_;
};

}  // namespace convstudio
