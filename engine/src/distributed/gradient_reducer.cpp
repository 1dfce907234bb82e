#include "gradient_reducer.h"

#include <torch/csrc/autograd/function_hook.h>
#include <torch/csrc/autograd/variable.h>

#include <chrono>

namespace convstudio {
namespace {

// LibTorch's counterpart of Tensor.register_post_accumulate_grad_hook: runs once the leaf's
// .grad holds this backward's contribution.
class GradientReadyHook : public torch::autograd::PostAccumulateGradHook {
 public:
  GradientReadyHook(GradientReducer& reducer, std::size_t index)
      : reducer_(reducer), index_(index) {}
  void operator()(const torch::autograd::Variable& parameter) override {
    reducer_.gradient_ready(index_, parameter);
  }

 private:
  GradientReducer& reducer_;
  std::size_t index_;
};

}  // namespace

GradientReducer::GradientReducer(ProcessGroup& group, std::vector<torch::Tensor> parameters,
                                 std::int64_t bucket_bytes, bool overlap)
    : group_(group), parameters_(std::move(parameters)), overlap_(overlap) {
  slots_.resize(parameters_.size());
  // Backward reaches the last layers first: fill buckets from the last parameter back.
  std::int64_t bucket_fill = 0;
  for (std::size_t i = parameters_.size(); i-- > 0;) {
    const torch::Tensor& parameter = parameters_[i];
    const std::int64_t bytes = parameter.numel() * parameter.element_size();
    const bool fits = !buckets_.empty() && bucket_fill + bytes <= bucket_bytes &&
                      buckets_.back().flat.scalar_type() == parameter.scalar_type();
    if (!fits) {
      buckets_.emplace_back();
      buckets_.back().flat = torch::empty({0}, parameter.options());
      bucket_fill = 0;
    }
    Bucket& bucket = buckets_.back();
    slots_[i] = {buckets_.size() - 1, bucket_fill / parameter.element_size(), false};
    bucket.parameters.push_back(i);
    bucket_fill += bytes;
  }
  for (Bucket& bucket : buckets_) {
    std::int64_t elements = 0;
    for (std::size_t i : bucket.parameters) elements += parameters_[i].numel();
    bucket.flat = torch::zeros({elements}, bucket.flat.options());
  }
  for (std::size_t i = 0; i < parameters_.size(); ++i) {
    torch::autograd::impl::set_post_acc_grad_hooks(parameters_[i],
                                                   std::make_unique<GradientReadyHook>(*this, i));
  }
}

GradientReducer::~GradientReducer() {
  for (const torch::Tensor& parameter : parameters_) {
    torch::autograd::impl::set_post_acc_grad_hooks(parameter, nullptr);
  }
  // A collective still running writes into a bucket we own: let it end first.
  for (Bucket& bucket : buckets_) {
    if (!bucket.work) continue;
    try {
      bucket.work->wait();
    } catch (const std::exception&) {
      // The run is failing already; its error has been reported.
    }
  }
}

void GradientReducer::arm() {
  std::lock_guard lock(mutex_);
  armed_ = true;
  next_to_start_ = 0;
  for (Slot& slot : slots_) slot.filled = false;
  for (Bucket& bucket : buckets_) {
    bucket.pending = bucket.parameters.size();
    bucket.work.reset();
  }
}

void GradientReducer::gradient_ready(std::size_t index, const torch::Tensor& parameter) {
  std::lock_guard lock(mutex_);
  if (!armed_) return;  // an earlier micro-batch of the step: its gradient only accumulates
  Slot& slot = slots_[index];
  if (slot.filled) return;
  Bucket& bucket = buckets_[slot.bucket];
  if (bucket.work) return;  // started without it (cannot happen within one backward)
  torch::NoGradGuard no_grad;
  bucket.flat.narrow(0, slot.offset, parameter.numel()).copy_(parameter.grad().reshape(-1));
  slot.filled = true;
  if (--bucket.pending == 0 && overlap_) start_ready_buckets();
}

void GradientReducer::start_ready_buckets() {
  while (next_to_start_ < buckets_.size() && buckets_[next_to_start_].pending == 0) {
    start(buckets_[next_to_start_++]);
  }
}

void GradientReducer::start(Bucket& bucket) {
  bucket.work = group_.start_allreduce(bucket.flat, c10d::ReduceOp::RedOpType::SUM);
}

void GradientReducer::finish() {
  const auto started = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(mutex_);
    torch::NoGradGuard no_grad;
    // Parameters that got no gradient this step (unused by the forward pass, or no samples on
    // this rank) contribute zeros, so every rank still reduces every bucket.
    for (std::size_t i = 0; i < parameters_.size(); ++i) {
      Slot& slot = slots_[i];
      if (slot.filled) continue;
      Bucket& bucket = buckets_[slot.bucket];
      bucket.flat.narrow(0, slot.offset, parameters_[i].numel()).zero_();
      slot.filled = true;
      --bucket.pending;
    }
    start_ready_buckets();
    armed_ = false;
  }
  for (Bucket& bucket : buckets_) group_.wait(bucket.work);
  wait_seconds_ +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  torch::NoGradGuard no_grad;
  for (std::size_t i = 0; i < parameters_.size(); ++i) {
    torch::Tensor& parameter = parameters_[i];
    const Slot& slot = slots_[i];
    torch::Tensor sum = buckets_[slot.bucket]
                            .flat.narrow(0, slot.offset, parameter.numel())
                            .view(parameter.sizes());
    if (parameter.grad().defined()) {
      parameter.mutable_grad().copy_(sum);
    } else {
      parameter.mutable_grad() = sum.clone(at::MemoryFormat::Preserve);
    }
  }
  for (Bucket& bucket : buckets_) bucket.work.reset();
}

}  // namespace convstudio
