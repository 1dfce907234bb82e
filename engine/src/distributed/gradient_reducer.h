#pragma once
// Sums the gradients of every rank before the optimizer step, the way DDP's reducer does: the
// parameters are packed, in the reverse of their registration order (roughly the order backward
// finishes them), into buckets of about `bucket_bytes`; an autograd hook on each parameter (run
// after its gradient is accumulated) copies the gradient into its bucket, and a bucket whose
// gradients are all in is all-reduced at once, on the backend's thread, while backward goes on.
// Buckets start strictly in order, so every rank issues the same collectives in the same order.
// Internal (LibTorch).
//
// Per optimizer step:   reducer.arm();             before the backward of the step's last
//                                                  micro-batch (earlier ones only accumulate)
//                       loss.backward();
//                       reducer.finish();          the sums are in the grads
// A rank with no samples in a step (the short last batch of an epoch) calls arm() and finish()
// without a backward: it contributes zeros.

#include <torch/torch.h>

#include <cstdint>
#include <mutex>
#include <vector>

#include "process_group.h"

namespace convstudio {

class GradientReducer {
 public:
  GradientReducer(ProcessGroup& group, std::vector<torch::Tensor> parameters,
                  std::int64_t bucket_bytes, bool overlap);
  ~GradientReducer();
  GradientReducer(const GradientReducer&) = delete;
  GradientReducer& operator=(const GradientReducer&) = delete;

  void arm();
  // Starts the buckets not started yet (all of them without overlap; those with a parameter that
  // got no gradient), waits for every bucket and writes the sums into the grads. Throws
  // PeerFailure when a peer is gone.
  void finish();

  std::size_t bucket_count() const { return buckets_.size(); }
  // Time finish() spent waiting for collectives: the communication backward did not hide.
  double wait_seconds() const { return wait_seconds_; }

  // Called by the autograd hook of parameter `index` (any autograd thread).
  void gradient_ready(std::size_t index, const torch::Tensor& parameter);

 private:
  struct Bucket {
    torch::Tensor flat;
    std::vector<std::size_t> parameters;  // indexes into parameters_
    std::size_t pending = 0;              // parameters whose gradient is not in yet
    c10::intrusive_ptr<c10d::Work> work;
  };
  struct Slot {
    std::size_t bucket = 0;
    std::int64_t offset = 0;
    bool filled = false;
  };
  void start_ready_buckets();  // under mutex_
  void start(Bucket& bucket);  // under mutex_

  ProcessGroup& group_;
  std::vector<torch::Tensor> parameters_;
  std::vector<Slot> slots_;
  std::vector<Bucket> buckets_;
  bool overlap_;
  std::mutex mutex_;
  bool armed_ = false;
  std::size_t next_to_start_ = 0;
  double wait_seconds_ = 0;
};

}  // namespace convstudio
