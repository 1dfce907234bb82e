#include "block_timeline.h"

#include <algorithm>

namespace convstudio {

BlockTimeline::BlockTimeline(int blocks, ProfileClock& clock, KeptMemoryTracker* tracker)
    : clock_(clock),
      tracker_(tracker),
      forward_begin_(blocks, -1),
      forward_end_(blocks, -1),
      kept_bytes_(blocks, 0) {
  backward_marks_.reserve(static_cast<std::size_t>(blocks) * 2);
}

void BlockTimeline::start_forward() {
  in_backward_ = false;
  std::fill(forward_begin_.begin(), forward_begin_.end(), -1);
  std::fill(forward_end_.begin(), forward_end_.end(), -1);
  backward_marks_.clear();
  if (tracker_ != nullptr) tracker_->forget_all();
}

void BlockTimeline::start_backward() {
  in_backward_ = true;
  if (tracker_ == nullptr) return;
  tracker_->set_block(-1);
  std::vector<std::int64_t> live = tracker_->live_by_block();
  live.resize(kept_bytes_.size(), 0);
  kept_bytes_ = std::move(live);
}

void BlockTimeline::before_block(int step) {
  if (in_backward_) {
    // A recomputed segment running its forward again inside backward.
    backward_marks_.emplace_back(step, clock_.mark());
    return;
  }
  if (tracker_ != nullptr) tracker_->set_block(step);
  forward_begin_[step] = clock_.mark();
}

void BlockTimeline::after_block(int step, const torch::Tensor& output) {
  if (!in_backward_) {
    forward_end_[step] = clock_.mark();
    if (tracker_ != nullptr) tracker_->set_block(-1);
  }
  if (!output.defined() || !output.requires_grad()) return;
  // The hook dies with this step's autograd graph. It runs on the thread running backward (the
  // device's autograd thread on CUDA), while the training thread waits in backward().
  output.register_hook(
      [this, step](const torch::Tensor&) { backward_marks_.emplace_back(step, clock_.mark()); });
}

}  // namespace convstudio
