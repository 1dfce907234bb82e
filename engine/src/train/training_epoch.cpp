// The inner loop of TrainingRun: an epoch as a loop over optimizer steps, each of one or more
// micro-batches, and the recovery from running out of memory.

#include <c10/util/Exception.h>

#include <cmath>

#include "autocast_guard.h"
#include "convstudio/train/peak_flops.h"
#include "memory_probe.h"
#include "training_run.h"

namespace convstudio {

TrainingRun::EpochEnd TrainingRun::train_epoch_with_recovery(std::int64_t epoch,
                                                             std::int64_t skip_batches) {
  for (;;) {
    try {
      return train_epoch(epoch, skip_batches);
    } catch (const c10::OutOfMemoryError&) {
      const std::optional<std::int64_t> skip = recover_from_out_of_memory(epoch, skip_batches);
      if (!skip) return EpochEnd::Failed;
      skip_batches = *skip;
    }
  }
}

std::optional<std::int64_t> TrainingRun::recover_from_out_of_memory(std::int64_t epoch,
                                                                    std::int64_t skip_batches) {
  groups_.optimizer().zero_grad(true);
  release_cached_memory(environment_.device());
  const std::int64_t batch = data_.batch_size();
  const std::int64_t accumulate = data_.accumulate();
  const std::string failed_batch = std::to_string(batch);
  const std::string failed_accumulate = std::to_string(accumulate);
  // Ranks of a data-parallel run cannot change their batch alone: no retry there.
  if (!settings_.auto_oom_retry || batch < 2 || distributed()) {
    MessageText text{messages::kOutOfMemory,
                     {failed_batch, failed_accumulate, summary_.device, std::to_string(batch / 2),
                      std::to_string(accumulate * 2), std::to_string(batch * accumulate)}};
    std::string english = text.english();
    fail(RunErrorKind::OutOfMemory, Error::in_setting("training.batch_size", std::move(english)),
         true, std::move(text));
    return std::nullopt;
  }
  // Go on from the last optimizer step with half the batch and twice the accumulation: the
  // same effective batch, and (sample order depends only on seed and epoch) the same samples
  // in the same order.
  const StepBoundary& boundary = progress_.boundary;
  const std::int64_t consumed_samples =
      (boundary.epoch == epoch ? boundary.batch_in_epoch : skip_batches) * batch;
  data_.halve_batch();
  log(LogLevel::Warning,
      {messages::kOutOfMemoryRetry,
       {failed_batch, failed_accumulate, summary_.device, std::to_string(data_.batch_size()),
        std::to_string(data_.accumulate())}});
  return consumed_samples / data_.batch_size();
}

TrainingRun::EpochEnd TrainingRun::train_epoch(std::int64_t epoch, std::int64_t skip_batches) {
  (*model_)->train();
  BatchLoader& loader = data_.train_loader();
  loader.start_epoch(epoch, skip_batches);
  figures_.start_epoch();
  GradientAccumulation step(data_.accumulate(), loader.batches_per_epoch(), skip_batches);
  meters_.start_segment();  // training time excludes pauses
  // Data-parallel ranks stop together at a step boundary (StepAgreement::stop), never alone.
  for (;;) {
    if (!distributed() && !wait_while_paused()) {
      meters_.end_segment();
      return EpochEnd::Cancelled;
    }
    std::optional<Batch> batch = loader.next();
    if (!batch) break;
    if (!batch->skipped.empty()) data_.report_skipped(batch->skipped, log_);
    if (step.starts_step()) {
      step.start_step();
      groups_.optimizer().zero_grad(true);
    }
    faults_.before_micro_batch(progress_.global_step);
    train_micro_batch(*batch, step);
    if (!step.add(batch->labels.size(0))) continue;
    if (std::optional<EpochEnd> end = finish_step(epoch, step)) return *end;
    if (!validate_if_due(epoch, step)) return EpochEnd::Cancelled;
  }
  meters_.end_segment();
  return EpochEnd::Completed;
}

bool TrainingRun::wait_while_paused() {
  return control_.wait_while_paused(
      [this] {
        meters_.end_segment();
        set_state(RunState::Paused);
      },
      [this] {
        meters_.start_segment();
        set_state(RunState::Running);
      });
}

void TrainingRun::train_micro_batch(const Batch& batch, const GradientAccumulation& accumulation) {
  const std::int64_t n = batch.labels.size(0);
  if (distributed() && accumulation.last_of_step()) ranks_.arm_reduction();
  // A rank whose shard of the epoch's short last batch is empty computes nothing; its reducer
  // contributes zeros. With SyncBatchNorm it runs the empty batch all the same, so that each
  // BatchNorm's all-reduces still pair up across the ranks (it adds a count of 0).
  if (n == 0 && !ranks_.runs_empty_batches()) return;
  const torch::Device& device = environment_.device();
  torch::Tensor images = batch.images.to(device, batch.non_blocking);
  torch::Tensor labels = batch.labels.to(device, batch.non_blocking);
  // Mixed on the device, each shard of a data-parallel step pairing within its own rows.
  const std::optional<MixedBatch> mixed =
      data_.mixer().mix(images, labels, batch.epoch, batch.index);
  if (mixed) images = mixed->images;
  torch::Tensor logits;
  {
    AutocastGuard autocast(device, settings_.amp);
    logits = (*model_)->forward(images);
  }
  const torch::Tensor float_logits = logits.to(torch::kFloat);
  // No samples: a zero loss that still reaches every parameter (the mean over none is NaN).
  // Mixed rows learn their soft targets (cross-entropy with probability targets).
  const torch::Tensor targets = mixed ? mixed->targets(float_logits.size(1)) : labels;
  torch::Tensor loss = n > 0 ? data_.loss()(float_logits, targets) : float_logits.sum();
  // Ranks sum their gradients, so each weighs its mean by its share of the global batch: the
  // sum is the mean over the global batch, as one process with all of it computes.
  const double share =
      distributed() ? static_cast<double>(n) / static_cast<double>(batch.global_rows) : 1.0;
  const double weight = accumulation.loss_weight(share);
  // Multiplying by 1 would still cost an operation forward and one backward.
  precision_->scale(weight == 1.0 ? loss : loss * weight).backward();
  if (n > 0) {
    const RunMeters::Bookkeeping timed = meters_.bookkeeping();
    // Under mixing a row is right when it names its dominant label (the one of weight ≥ 0.5).
    figures_.add(loss.detach(), float_logits.detach(), mixed ? mixed->dominant_labels() : labels);
  }
}

std::optional<TrainingRun::EpochEnd> TrainingRun::finish_step(std::int64_t epoch,
                                                              const GradientAccumulation& step) {
  const StepTotals totals = total_step(step.samples());
  const double step_loss = totals.loss_sum / static_cast<double>(totals.samples);
  if (!loss_is_finite(step_loss, epoch, step.batch_index())) return EpochEnd::Failed;
  figures_.add_step_totals(totals.loss_sum, totals.samples);

  torch::optim::Optimizer& optimizer = groups_.optimizer();
  precision_->finish_gradients(optimizer, **model_);
  const std::int64_t step_number = progress_.global_step + 1;
  faults_.before_optimizer_step(step_number, (*model_)->parameters());
  const double lr = groups_.apply_schedule();
  precision_->step(optimizer, step_number, log_);
  groups_.advance_schedule();
  progress_.global_step = step_number;
  const bool epoch_done = step.epoch_done();
  progress_.boundary = {epoch_done ? epoch + 1 : epoch, epoch_done ? 0 : step.batch_index(),
                        capture_rng_state()};

  meters_.end_step(step.samples(), totals.samples);
  {
    const RunMeters::Bookkeeping timed = meters_.bookkeeping();
    report_step(epoch, step, step_loss, lr, totals.samples);
  }
  remeasure_peak_if_due();
  if (progress_.global_step >= progress_.total_steps) return EpochEnd::StepLimit;
  if (totals.stop) {
    if (!control_.cancelled()) control_.cancel();  // another rank's Stop ends this one too
    return EpochEnd::Cancelled;
  }
  return std::nullopt;
}

TrainingRun::StepTotals TrainingRun::total_step(std::int64_t local_samples) {
  if (!distributed()) {
    const RunMeters::Bookkeeping timed = meters_.bookkeeping();
    precision_->measure_norm(**model_);
    const StepTotals totals{figures_.step_loss_sum(), local_samples, false};
    figures_.end_step();
    return totals;
  }
  ranks_.finish_reduction();
  precision_->measure_norm(**model_);
  const StepAgreement agreed = ranks_.parallel().agree_on_step(
      figures_.step_loss_sum(), static_cast<double>(figures_.step_correct()), local_samples,
      control_.cancelled(), meters_.local_samples_per_second(), meters_.memory_bytes());
  figures_.end_step(static_cast<std::int64_t>(agreed.correct));
  meters_.set_rank_figures(agreed.rank_samples_per_second, agreed.rank_memory_bytes);
  return {agreed.loss_sum, agreed.samples, agreed.stop};
}

bool TrainingRun::loss_is_finite(double step_loss, std::int64_t epoch, std::int64_t batch_index) {
  // Under mixed precision an inf/NaN step is the loss scaler's to skip.
  if (std::isfinite(step_loss) || settings_.amp != AmpMode::Off) return true;
  MessageText text{std::isnan(step_loss) ? messages::kLossNaN : messages::kLossInfinite,
                   {std::to_string(progress_.global_step + 1), std::to_string(epoch + 1),
                    std::to_string(batch_index)}};
  std::string english = text.english();
  fail(RunErrorKind::NonFiniteLoss, Error::without_place(std::move(english)), true,
       std::move(text));
  return false;
}

void TrainingRun::report_step(std::int64_t epoch, const GradientAccumulation& step, double loss,
                              double lr, std::int64_t samples) {
  const StepThroughput throughput =
      meters_.record_step(samples, progress_.global_step - progress_.first_step);
  StepMetrics metrics;
  metrics.step = progress_.global_step;
  metrics.total_steps = progress_.total_steps;
  metrics.epoch = epoch;
  metrics.batch_in_epoch = step.batch_index();
  metrics.batches_per_epoch = step.batches();
  metrics.loss = loss;
  metrics.lr = lr;
  metrics.samples_per_second = throughput.samples_per_second;
  metrics.loss_scale = precision_->loss_scale();
  metrics.skipped_steps = precision_->scaler().skipped_steps();
  metrics.skipped = precision_->step_skipped();
  metrics.loss_scale_change = precision_->scale_change();
  metrics.grad_norm = precision_->grad_norm();
  metrics.compute = meters_.utilisation().read(metrics.samples_per_second);
  const double wall = meters_.wall_seconds();
  metrics.loader_stall_share = wall > 0 ? data_.stall_seconds() / wall : 0;
  metrics.eta_seconds = throughput.seconds_per_step *
                        static_cast<double>(progress_.total_steps - progress_.global_step);
  metrics.memory = meters_.probe_memory_if_due();
  metrics.rank_samples_per_second = meters_.rank_samples_per_second();
  metrics.rank_memory_bytes = meters_.rank_memory_bytes();
  const std::uint64_t peak = metrics.memory.is_cuda ? metrics.memory.peak_allocated_bytes
                                                    : metrics.memory.peak_resident_bytes;
  summary_.peak_memory_bytes = std::max(summary_.peak_memory_bytes, peak);
  summary_.train_loss = loss;
  listener_.on_step(metrics);
}

}  // namespace convstudio
