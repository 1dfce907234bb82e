#pragma once
// The micro-batches of one optimizer step: how many belong to it (the epoch's last step may
// have fewer; its loss is divided by its own count), the weight of each one's loss, and the
// samples they held. Plain arithmetic. Internal.

#include <algorithm>
#include <cstdint>

namespace convstudio {

class GradientAccumulation {
 public:
  // `accumulate` micro-batches a step, `batches` in the epoch, starting at batch `first_batch`.
  GradientAccumulation(std::int64_t accumulate, std::int64_t batches, std::int64_t first_batch)
      : accumulate_(accumulate), batches_(batches), batch_index_(first_batch) {}

  bool starts_step() const { return position_ == 0; }
  // Opens a step at the current batch.
  void start_step() {
    group_size_ = std::min(accumulate_, batches_ - batch_index_);
    samples_ = 0;
  }
  bool last_of_step() const { return position_ + 1 == group_size_; }
  // A micro-batch's loss weight: its `share` of the global batch, over the step's micro-batches.
  double loss_weight(double share) const { return share / static_cast<double>(group_size_); }
  // A micro-batch of `samples` is done; true when it completes the step.
  bool add(std::int64_t samples) {
    samples_ += samples;
    ++batch_index_;
    if (++position_ < group_size_) return false;
    position_ = 0;
    return true;
  }

  std::int64_t samples() const { return samples_; }          // of this rank, in the step so far
  std::int64_t batch_index() const { return batch_index_; }  // micro-batches of the epoch done
  std::int64_t batches() const { return batches_; }
  bool epoch_done() const { return batch_index_ == batches_; }

 private:
  std::int64_t accumulate_ = 1;
  std::int64_t batches_ = 0;
  std::int64_t batch_index_ = 0;
  std::int64_t position_ = 0;
  std::int64_t group_size_ = 0;
  std::int64_t samples_ = 0;
};

}  // namespace convstudio
