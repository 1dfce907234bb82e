#include "data/batch_loader.h"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <stdexcept>

#include <torch/cuda.h>

#include "data/in_memory_sample_set.h"
#include "data/sample_order.h"

namespace convstudio {
namespace {

using Clock = std::chrono::steady_clock;

std::int64_t nanoseconds_since(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
}

// Where one shard's rows of a global batch lie in the epoch's order.
struct ShardRows {
  std::int64_t first = 0;        // position in the order of this shard's first row
  std::int64_t count = 0;        // this shard's rows
  std::int64_t global_rows = 0;  // rows of the global batch, all shards together
};

// The global batch `index` split as evenly as it goes: the first `extra` shards take one row
// more, so the shards of a step together hold exactly the global batch.
ShardRows shard_rows(const BatchLoaderOptions& options, std::int64_t sample_count,
                     std::int64_t index) {
  const std::int64_t global_batch = options.batch_size * options.shard_count;
  const std::int64_t global_first = index * global_batch;
  const std::int64_t global_rows = std::min(global_batch, sample_count - global_first);
  const std::int64_t shards = options.shard_count;
  const std::int64_t shard = options.shard_rank;
  const std::int64_t base = global_rows / shards;
  const std::int64_t extra = global_rows % shards;
  return {global_first + shard * base + std::min(shard, extra), base + (shard < extra ? 1 : 0),
          global_rows};
}

// One image's C planes of bytes through each channel's pixel -> input table; returns where the
// next image goes.
float* normalise_image(const std::vector<std::array<float, 256>>& tables,
                       const std::uint8_t* pixels, std::size_t plane, float* out) {
  for (std::size_t c = 0; c < tables.size(); ++c) {
    const std::array<float, 256>& table = tables[c];
    const std::uint8_t* in = pixels + c * plane;
    for (std::size_t k = 0; k < plane; ++k) out[k] = table[in[k]];
    out += plane;
  }
  return out;
}

// One row of a segmentation batch's N×H×W targets: each pixel's class, or the set's ignore
// label (which the loss and the metrics skip) where the mask says kMaskIgnore.
void write_mask_targets(const std::uint8_t* mask, std::size_t plane, std::int64_t ignore,
                        std::int64_t* targets) {
  for (std::size_t k = 0; k < plane; ++k) {
    targets[k] = mask[k] == kMaskIgnore ? ignore : std::int64_t{mask[k]};
  }
}

}  // namespace

BatchLoader::BatchLoader(std::shared_ptr<const ImageSet> images, BatchLoaderOptions options)
    : BatchLoader(std::make_shared<InMemorySampleSet>(std::move(images)), std::move(options)) {}

BatchLoader::BatchLoader(std::shared_ptr<const SampleSet> samples, BatchLoaderOptions options)
    : samples_(std::move(samples)),
      options_(std::move(options)),
      augmenter_(options_.augmentation, samples_->channels(), samples_->height(),
                 samples_->width()) {
  if (options_.batch_size <= 0) throw std::invalid_argument("batch size must be positive");
  if (options_.shard_count < 1 || options_.shard_rank < 0 ||
      options_.shard_rank >= options_.shard_count) {
    throw std::invalid_argument("shard " + std::to_string(options_.shard_rank) + " of " +
                                std::to_string(options_.shard_count) + " does not exist");
  }
  const std::int64_t n = samples_->size();
  const std::int64_t global_batch = options_.batch_size * options_.shard_count;
  batches_per_epoch_ =
      options_.drop_last ? n / global_batch : (n + global_batch - 1) / global_batch;
  // Pinned memory exists only with a CUDA driver; on CPU it would be plain memory made slower.
  pinned_ = options_.pin_memory && torch::cuda::is_available();

  normalise_.resize(static_cast<std::size_t>(samples_->channels()));
  for (std::size_t c = 0; c < normalise_.size(); ++c) {
    const float mean = c < options_.mean.size() ? options_.mean[c] : 0.f;
    const float std = c < options_.std.size() && options_.std[c] > 0 ? options_.std[c] : 1.f;
    for (int v = 0; v < 256; ++v)
      normalise_[c][static_cast<std::size_t>(v)] = (v / 255.f - mean) / std;
  }

  const int workers = std::max(0, options_.workers);
  capacity_ = std::max<std::int64_t>({1, options_.prefetch_batches, workers});
  for (int w = 0; w < workers; ++w) workers_.emplace_back(&BatchLoader::work, this);
}

BatchLoader::~BatchLoader() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  for (std::thread& worker : workers_) worker.join();
}

void BatchLoader::start_epoch(std::int64_t epoch, std::int64_t skip_batches) {
  std::vector<std::int64_t> order;
  if (options_.class_balanced) {
    // Each sample's label, read again per epoch (a pass over the index) rather than kept.
    std::vector<std::int64_t> labels;
    labels.reserve(static_cast<std::size_t>(samples_->size()));
    for (std::int64_t i = 0; i < samples_->size(); ++i) labels.push_back(samples_->label(i));
    order = class_balanced_epoch_order(labels, options_.seed, epoch);
  } else if (options_.shuffle) {
    order = epoch_order(samples_->size(), options_.seed, epoch);
  } else {
    order.resize(static_cast<std::size_t>(samples_->size()));
    std::iota(order.begin(), order.end(), std::int64_t{0});
  }
  {
    std::lock_guard lock(mutex_);
    ++generation_;
    finished_.clear();
    failure_ = nullptr;
    order_ = std::make_shared<const std::vector<std::int64_t>>(std::move(order));
    epoch_ = epoch;
    next_to_claim_ = next_to_deliver_ =
        std::clamp<std::int64_t>(skip_batches, 0, batches_per_epoch_);
    epoch_started_ = true;
  }
  work_ready_.notify_all();
}

std::optional<Batch> BatchLoader::next() {
  std::unique_lock lock(mutex_);
  if (!epoch_started_ || next_to_deliver_ >= batches_per_epoch_) return std::nullopt;
  const Clock::time_point start = Clock::now();

  if (workers_.empty()) {
    const std::int64_t index = next_to_deliver_++;
    next_to_claim_ = next_to_deliver_;
    const auto order = order_;
    const std::int64_t epoch = epoch_;
    lock.unlock();
    Scratch scratch;
    Batch batch = assemble(*order, epoch, index, scratch);
    stall_ns_ += nanoseconds_since(start);
    return batch;
  }

  const std::int64_t index = next_to_deliver_;
  batch_ready_.wait(lock, [&] { return failure_ || finished_.count(index) > 0; });
  stall_ns_ += nanoseconds_since(start);
  // The failed batch will never arrive, so the failure stays until the next start_epoch().
  if (failure_) std::rethrow_exception(failure_);
  auto found = finished_.find(index);
  Batch batch = std::move(found->second);
  finished_.erase(found);
  ++next_to_deliver_;
  lock.unlock();
  work_ready_.notify_all();
  return batch;
}

void BatchLoader::work() {
  Scratch scratch;
  std::unique_lock lock(mutex_);
  while (true) {
    work_ready_.wait(lock, [&] {
      return stopping_ || (epoch_started_ && next_to_claim_ < batches_per_epoch_ &&
                           next_to_claim_ < next_to_deliver_ + capacity_);
    });
    if (stopping_) return;
    const std::int64_t index = next_to_claim_++;
    const std::uint64_t generation = generation_;
    const auto order = order_;
    const std::int64_t epoch = epoch_;
    lock.unlock();

    std::optional<Batch> batch;
    std::exception_ptr failure;
    try {
      batch = assemble(*order, epoch, index, scratch);
    } catch (...) {
      failure = std::current_exception();
    }

    lock.lock();
    if (generation != generation_) continue;  // start_epoch() moved on while we worked
    if (failure) {
      failure_ = failure;
    } else {
      finished_.emplace(index, std::move(*batch));
    }
    batch_ready_.notify_all();
  }
}

Batch BatchLoader::assemble(const std::vector<std::int64_t>& order, std::int64_t epoch,
                            std::int64_t index, Scratch& scratch) const {
  const SampleSet& set = *samples_;
  const auto [first, count, global_rows] = shard_rows(options_, set.size(), index);
  const auto float_options = torch::TensorOptions().dtype(torch::kFloat32).pinned_memory(pinned_);
  const auto label_options = torch::TensorOptions().dtype(torch::kInt64).pinned_memory(pinned_);
  scratch.decoded.resize(set.image_bytes());
  scratch.augmented.resize(set.image_bytes());
  const bool masks = set.has_masks();
  if (masks) {
    scratch.mask.resize(set.mask_bytes());
    scratch.augmented_mask.resize(set.mask_bytes());
  }

  Batch batch;
  batch.images = torch::empty({count, set.channels(), set.height(), set.width()}, float_options);
  batch.labels = masks ? torch::empty({count, set.height(), set.width()}, label_options)
                       : torch::empty({count}, label_options);
  batch.epoch = epoch;
  batch.index = index;
  batch.global_rows = global_rows;
  batch.non_blocking = pinned_;
  batch.samples.reserve(static_cast<std::size_t>(count));

  // Written in place: one pass from the set's bytes (or the augmented copy) to the floats. A
  // file that cannot be read leaves no row; the rows after it move up.
  float* out = batch.images.data_ptr<float>();
  std::int64_t* labels = batch.labels.data_ptr<std::int64_t>();
  const std::size_t plane =
      static_cast<std::size_t>(set.height()) * static_cast<std::size_t>(set.width());
  for (std::int64_t i = 0; i < count; ++i) {
    const std::int64_t sample = order[static_cast<std::size_t>(first + i)];
    const Result<const std::uint8_t*> fetched = set.fetch(sample, scratch.decoded.data());
    if (!fetched) {
      batch.skipped.push_back(fetched.error());
      continue;
    }
    const std::uint8_t* pixels = fetched.value();
    const std::uint8_t* mask = nullptr;
    if (masks) {
      const Result<const std::uint8_t*> fetched_mask = set.fetch_mask(sample, scratch.mask.data());
      if (!fetched_mask) {
        batch.skipped.push_back(fetched_mask.error());
        continue;
      }
      mask = fetched_mask.value();
    }
    if (augmenter_.enabled()) {
      // One draw moves the image and its mask alike.
      augmenter_.apply(pixels, scratch.augmented.data(),
                       Augmenter::sample_seed(options_.seed, epoch, sample), mask,
                       masks ? scratch.augmented_mask.data() : nullptr);
      pixels = scratch.augmented.data();
      if (masks) mask = scratch.augmented_mask.data();
    }
    out = normalise_image(normalise_, pixels, plane, out);
    if (masks) {
      write_mask_targets(mask, plane, set.ignore_label(), labels + batch.samples.size() * plane);
    } else {
      labels[batch.samples.size()] = set.label(sample);
    }
    batch.samples.push_back(sample);
  }
  const auto rows = static_cast<std::int64_t>(batch.samples.size());
  if (rows == 0 && count > 0) {
    Error error = batch.skipped.front();
    if (count > 1) {
      error.message += " (and none of the other " + std::to_string(count - 1) +
                       " images of batch " + std::to_string(index + 1) + " could be read either)";
    }
    throw DataFailure(std::move(error));
  }
  if (rows < count) {
    batch.images = batch.images.narrow(0, 0, rows);
    batch.labels = batch.labels.narrow(0, 0, rows);
  }
  return batch;
}

}  // namespace convstudio
