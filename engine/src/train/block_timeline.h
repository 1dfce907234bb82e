#pragma once
// The profiler's observer of one training step: it marks the start and end of every block's
// forward on the ProfileClock and hooks each block's output so that backward marks the moment
// the gradient reaches it. LibTorch's autograd runs a step's backward nodes in descending
// sequence number (the reverse of the order forward made them) as soon as they are ready, and a
// hook on a block's output runs just before the node that made it, so the time from one block's
// mark to the next is that block's backward. While a segment is recomputed in backward, each of
// its blocks marks the start of its recomputation, which is part of its backward.
// Internal (LibTorch).

#include <torch/torch.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "kept_memory_tracker.h"
#include "nn/block_observer.h"
#include "profile_clock.h"

namespace convstudio {

class BlockTimeline final : public BlockObserver {
 public:
  // `tracker` may be null (memory not measured).
  BlockTimeline(int blocks, ProfileClock& clock, KeptMemoryTracker* tracker);

  // Before the step's forward: forgets the previous step's marks (not the clock's).
  void start_forward();
  // After forward, before the loss: what each block keeps for backward is read now.
  void start_backward();

  void before_block(int step) override;
  void after_block(int step, const torch::Tensor& output) override;

  // Clock marks of each block's forward (-1 where it did not run in this step's forward).
  const std::vector<int>& forward_begin() const { return forward_begin_; }
  const std::vector<int>& forward_end() const { return forward_end_; }
  // (block, clock mark) in the order backward reached them.
  const std::vector<std::pair<int, int>>& backward_marks() const { return backward_marks_; }
  // Bytes each block allocated in this step's forward and still alive when backward started.
  const std::vector<std::int64_t>& kept_bytes() const { return kept_bytes_; }

 private:
  ProfileClock& clock_;
  KeptMemoryTracker* tracker_;
  bool in_backward_ = false;
  std::vector<int> forward_begin_;
  std::vector<int> forward_end_;
  std::vector<std::pair<int, int>> backward_marks_;
  std::vector<std::int64_t> kept_bytes_;
};

}  // namespace convstudio
