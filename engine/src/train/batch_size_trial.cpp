#include "batch_size_trial.h"

#include <c10/util/Exception.h>

#include <chrono>
#include <new>

#include "autocast_guard.h"
#include "loss_scaler.h"
#include "memory_probe.h"
#include "training_loss.h"

namespace convstudio {
namespace {

using Clock = std::chrono::steady_clock;
constexpr double kShortestTiming = 0.3;  // seconds
constexpr std::int64_t kMostTimedSteps = 50;

void train_step(const BatchSizeTrialSubject& subject, LossScaler& scaler,
                const torch::Tensor& images, const torch::Tensor& labels) {
  GraphModule& model = *subject.model;
  subject.optimizer->zero_grad(true);
  torch::Tensor logits;
  {
    AutocastGuard autocast(subject.device, subject.amp);
    logits = model->forward(images);
  }
  torch::Tensor loss = plain_cross_entropy(logits.to(torch::kFloat), labels);
  scaler.scale(loss).backward();
  scaler.step(*subject.optimizer);
  scaler.update();
  // Waits for the device, so the clock measures the work and not its queueing.
  (void)loss.item<double>();
}

std::uint64_t peak_of(const BatchSizeTrialSubject& subject) {
  const MemorySnapshot memory = probe_memory(subject.device);
  if (memory.is_cuda) return memory.peak_allocated_bytes;
  return memory.peak_resident_bytes > subject.resident_baseline
             ? memory.peak_resident_bytes - subject.resident_baseline
             : 0;
}

}  // namespace

BatchSizeTrial run_batch_size_trial(const BatchSizeTrialSubject& subject, std::int64_t batch_size) {
  BatchSizeTrial trial;
  trial.batch_size = batch_size;
  LossScalerOptions scaling;
  scaling.enabled = subject.amp == AmpMode::Fp16;
  LossScaler scaler(scaling);
  (*subject.model)->train();
  reset_peak_memory(subject.device);
  try {
    subject.faults.before_batch_size_trial(batch_size);
    const auto options = torch::TensorOptions().device(subject.device);
    std::vector<std::int64_t> sizes{batch_size};
    sizes.insert(sizes.end(), subject.input.dims.begin(), subject.input.dims.end());
    const torch::Tensor images = torch::randn(sizes, options);
    const torch::Tensor labels =
        torch::randint(subject.classes, {batch_size}, options.dtype(torch::kLong));
    train_step(subject, scaler, images, labels);  // warm-up: kernel choice, allocator growth
    // At least the asked-for steps, and at least kShortestTiming of them: a few milliseconds of
    // small batches say more about the clock than about the batch.
    const auto started = Clock::now();
    std::int64_t steps = 0;
    double seconds = 0;
    while (steps < subject.timed_steps || (seconds < kShortestTiming && steps < kMostTimedSteps)) {
      train_step(subject, scaler, images, labels);
      ++steps;
      seconds = std::chrono::duration<double>(Clock::now() - started).count();
    }
    trial.samples_per_second = seconds > 0 ? static_cast<double>(batch_size * steps) / seconds : 0;
    trial.peak_bytes = peak_of(subject);
  } catch (const c10::OutOfMemoryError&) {
    trial.out_of_memory = true;
  } catch (const std::bad_alloc&) {
    trial.out_of_memory = true;
  }
  if (trial.out_of_memory) {
    // What the failed step held goes back, so the next (smaller) trial starts clean.
    subject.optimizer->zero_grad(true);
    release_cached_memory(subject.device);
  }
  return trial;
}

}  // namespace convstudio
