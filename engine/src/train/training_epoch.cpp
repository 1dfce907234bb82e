// The inner loop of TrainingRun: micro-batches, optimizer steps, out-of-memory recovery,
// validation and checkpoints. (training_run.cpp holds set-up and the epoch loop.)

#include <c10/util/Exception.h>

#include <cmath>
#include <filesystem>
#include <sstream>

#include "autocast_guard.h"
#include "checkpoint/checkpoint_store.h"
#include "convstudio/model/project_file.h"
#include "convstudio/train/peak_flops.h"
#include "evaluator.h"
#include "memory_probe.h"
#include "training_run.h"

namespace convstudio {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::size_t kThroughputWindow = 20;
constexpr auto kMemoryProbeInterval = std::chrono::milliseconds(200);

}  // namespace

TrainingRun::EpochEnd TrainingRun::train_epoch_with_recovery(std::int64_t epoch,
                                                             std::int64_t skip_batches) {
  for (;;) {
    try {
      return train_epoch(epoch, skip_batches);
    } catch (const c10::OutOfMemoryError&) {
      optimizer_->zero_grad(true);
      release_cached_memory(device_);
      const std::string failed_batch = std::to_string(batch_size_);
      const std::string failed_accumulate = std::to_string(accumulate_);
      // Ranks of a data-parallel run cannot change their batch alone: no retry there.
      if (!settings_.auto_oom_retry || batch_size_ < 2 || distributed()) {
        MessageText text{
            messages::kOutOfMemory,
            {failed_batch, failed_accumulate, summary_.device, std::to_string(batch_size_ / 2),
             std::to_string(accumulate_ * 2), std::to_string(batch_size_ * accumulate_)}};
        std::string english = text.english();
        fail(RunErrorKind::OutOfMemory,
             Error::in_setting("training.batch_size", std::move(english)), true, std::move(text));
        return EpochEnd::Failed;
      }
      // Go on from the last optimizer step with half the batch and twice the accumulation:
      // the same effective batch, and (sample order depends only on seed and epoch) the same
      // samples in the same order.
      const std::int64_t consumed_samples =
          (boundary_.epoch == epoch ? boundary_.batch_in_epoch : skip_batches) * batch_size_;
      batch_size_ /= 2;
      accumulate_ *= 2;
      stall_seconds_before_ += train_loader_->stall_seconds();
      train_loader_.reset();
      make_loaders();
      skip_batches = consumed_samples / batch_size_;
      log(LogLevel::Warning, {messages::kOutOfMemoryRetry,
                              {failed_batch, failed_accumulate, summary_.device,
                               std::to_string(batch_size_), std::to_string(accumulate_)}});
    }
  }
}

TrainingRun::EpochEnd TrainingRun::train_epoch(std::int64_t epoch, std::int64_t skip_batches) {
  GraphModule& model = *model_;
  model->train();
  train_loader_->start_epoch(epoch, skip_batches);
  const std::int64_t batches = train_loader_->batches_per_epoch();
  epoch_loss_sum_ = 0;
  figures_.start_epoch();
  epoch_samples_ = 0;

  std::int64_t batch_index = skip_batches;
  std::int64_t group_position = 0;
  std::int64_t group_size = 0;
  std::int64_t group_samples = 0;
  auto segment_start = Clock::now();  // training time excludes pauses
  const auto on_pause = [&] {
    training_seconds_ += std::chrono::duration<double>(Clock::now() - segment_start).count();
    set_state(RunState::Paused);
  };
  const auto on_resume = [&] {
    segment_start = Clock::now();
    set_state(RunState::Running);
  };

  // Data-parallel ranks stop together at a step boundary (StepAgreement::stop), never alone.
  for (;;) {
    if (!distributed() && !control_.wait_while_paused(on_pause, on_resume)) {
      training_seconds_ += std::chrono::duration<double>(Clock::now() - segment_start).count();
      return EpochEnd::Cancelled;
    }
    std::optional<Batch> batch = train_loader_->next();
    if (!batch) break;
    if (!batch->skipped.empty()) report_skipped(batch->skipped);
    if (group_position == 0) {
      // The last group of an epoch may be short: its loss is divided by its own size.
      group_size = std::min(accumulate_, batches - batch_index);
      optimizer_->zero_grad(true);
      group_samples = 0;
    }
    faults_.before_micro_batch(global_step_);
    const std::int64_t n = batch->labels.size(0);
    const bool last_of_step = group_position + 1 == group_size;
    if (distributed() && last_of_step) parallel_->reducer().arm();
    // A rank whose shard of the epoch's short last batch is empty computes nothing; its
    // reducer contributes zeros. With SyncBatchNorm it runs the empty batch all the same, so
    // that each BatchNorm's all-reduces still pair up across the ranks (it adds a count of 0).
    if (n > 0 || synced_batch_norms_ > 0) {
      torch::Tensor images = batch->images.to(device_, batch->non_blocking);
      torch::Tensor labels = batch->labels.to(device_, batch->non_blocking);
      torch::Tensor logits;
      {
        AutocastGuard autocast(device_, settings_.amp);
        logits = model->forward(images);
      }
      const torch::Tensor float_logits = logits.to(torch::kFloat);
      // No samples: a zero loss that still reaches every parameter (the mean over none is NaN).
      torch::Tensor loss =
          n > 0 ? torch::nn::functional::cross_entropy(float_logits, labels) : float_logits.sum();
      // Ranks sum their gradients, so each weighs its mean by its share of the global batch:
      // the sum is the mean over the global batch, as one process with all of it computes.
      const double share =
          distributed() ? static_cast<double>(n) / static_cast<double>(batch->global_rows) : 1.0;
      const double weight = share / static_cast<double>(group_size);
      // Multiplying by 1 would still cost an operation forward and one backward.
      scaler_->scale(weight == 1.0 ? loss : loss * weight).backward();
      if (n > 0) {
        const auto bookkeeping_start = Clock::now();
        figures_.add(loss.detach(), float_logits.detach(), labels);
        bookkeeping_seconds_ +=
            std::chrono::duration<double>(Clock::now() - bookkeeping_start).count();
      }
    }
    group_samples += n;
    ++batch_index;
    if (++group_position < group_size) continue;

    group_position = 0;
    bool stop_together = false;
    const std::int64_t local_samples = group_samples;
    double group_loss = 0;
    // Without clipping the norm is measured for the charts alone: queued before the loss is
    // read, so on a GPU it is ready by then.
    const bool clipping = settings_.clip_grad_norm > 0;
    if (distributed()) {
      parallel_->reducer().finish();
      if (!clipping) grad_norm_.measure(model->parameters(), *scaler_);
      const StepAgreement agreed = parallel_->agree_on_step(
          figures_.step_loss_sum(), static_cast<double>(figures_.step_correct()), group_samples,
          control_.cancelled(), local_samples_per_second_,
          last_memory_.is_cuda ? last_memory_.allocated_bytes : last_memory_.resident_bytes);
      group_loss = agreed.loss_sum;
      figures_.end_step(static_cast<std::int64_t>(agreed.correct));
      group_samples = agreed.samples;
      stop_together = agreed.stop;
      rank_samples_per_second_ = agreed.rank_samples_per_second;
      rank_memory_bytes_ = agreed.rank_memory_bytes;
    } else {
      const auto bookkeeping_start = Clock::now();
      if (!clipping) grad_norm_.measure(model->parameters(), *scaler_);
      group_loss = figures_.step_loss_sum();
      figures_.end_step();
      bookkeeping_seconds_ +=
          std::chrono::duration<double>(Clock::now() - bookkeeping_start).count();
    }
    const double step_loss = group_loss / static_cast<double>(group_samples);
    if (!std::isfinite(step_loss) && settings_.amp == AmpMode::Off) {
      MessageText text{std::isnan(step_loss) ? messages::kLossNaN : messages::kLossInfinite,
                       {std::to_string(global_step_ + 1), std::to_string(epoch + 1),
                        std::to_string(batch_index)}};
      std::string english = text.english();
      fail(RunErrorKind::NonFiniteLoss, Error::without_place(std::move(english)), true,
           std::move(text));
      return EpochEnd::Failed;
    }
    epoch_loss_sum_ += group_loss;
    epoch_samples_ += group_samples;

    if (clipping) {
      scaler_->unscale_(*optimizer_);
      step_grad_norm_ =
          torch::nn::utils::clip_grad_norm_(model->parameters(), settings_.clip_grad_norm);
    } else {
      step_grad_norm_ = grad_norm_.read();
    }
    faults_.before_optimizer_step(global_step_ + 1, model->parameters());
    const double lr = schedule_->current_lr();
    schedule_->apply(*optimizer_, group_lr_scales_);
    const bool stepped = scaler_->step(*optimizer_);
    scaler_->update();
    watch_loss_scale(stepped);
    schedule_->advance();
    ++global_step_;
    boundary_ = {batch_index == batches ? epoch + 1 : epoch,
                 batch_index == batches ? 0 : batch_index, capture_rng_state()};

    const auto now = Clock::now();
    const double step_seconds = std::chrono::duration<double>(now - segment_start).count();
    training_seconds_ += step_seconds;
    segment_start = now;
    // This rank's own speed, shared with the others at the next step's agreement.
    if (step_seconds > 0)
      local_samples_per_second_ = static_cast<double>(local_samples) / step_seconds;
    samples_trained_ += group_samples;
    report_step(epoch, batch_index, batches, step_loss, lr, group_samples);
    bookkeeping_seconds_ += std::chrono::duration<double>(Clock::now() - now).count();
    if (global_step_ >= total_steps_) return EpochEnd::StepLimit;
    if (stop_together) {
      if (!control_.cancelled()) control_.cancel();  // another rank's Stop ends this one too
      return EpochEnd::Cancelled;
    }
  }
  training_seconds_ += std::chrono::duration<double>(Clock::now() - segment_start).count();
  return EpochEnd::Completed;
}

void TrainingRun::report_step(std::int64_t epoch, std::int64_t batch_index, std::int64_t batches,
                              double loss, double lr, std::int64_t samples) {
  recent_steps_.emplace_back(training_seconds_, samples);
  if (recent_steps_.size() > kThroughputWindow) recent_steps_.pop_front();
  StepMetrics metrics;
  metrics.step = global_step_;
  metrics.total_steps = total_steps_;
  metrics.epoch = epoch;
  metrics.batch_in_epoch = batch_index;
  metrics.batches_per_epoch = batches;
  metrics.loss = loss;
  metrics.lr = lr;
  // Throughput and ETA come from the recent steps only: the first steps of a run are several
  // times slower than the rest, and an average from the start would keep the ETA too long for
  // most of the run.
  double seconds_per_step =
      static_cast<double>(training_seconds_) /
      static_cast<double>(std::max<std::int64_t>(1, global_step_ - first_step_));
  if (recent_steps_.size() >= 2) {
    std::int64_t window_samples = 0;
    for (std::size_t i = 1; i < recent_steps_.size(); ++i)
      window_samples += recent_steps_[i].second;
    const double span = recent_steps_.back().first - recent_steps_.front().first;
    metrics.samples_per_second = span > 0 ? window_samples / span : 0;
    if (span > 0) seconds_per_step = span / static_cast<double>(recent_steps_.size() - 1);
  } else {
    metrics.samples_per_second = training_seconds_ > 0 ? samples / training_seconds_ : 0;
  }
  metrics.loss_scale = loss_scale_;
  metrics.skipped_steps = scaler_->skipped_steps();
  metrics.skipped = step_skipped_;
  metrics.loss_scale_change = scale_change_;
  metrics.grad_norm = step_grad_norm_;
  metrics.compute.achieved_flops =
      training_flops_per_second(summary_.flops_per_sample, metrics.samples_per_second);
  if (peak_flops_ > 0) metrics.compute.utilisation = metrics.compute.achieved_flops / peak_flops_;
  const double wall = wall_seconds();
  metrics.loader_stall_share =
      wall > 0 ? (stall_seconds_before_ + train_loader_->stall_seconds()) / wall : 0;
  metrics.eta_seconds = seconds_per_step * static_cast<double>(total_steps_ - global_step_);
  // The CPU probe reads /proc/self/status (tens of microseconds); resident memory moves slowly
  // and the peak is the kernel's own high-water mark, so a few reads a second see it all.
  const auto now = Clock::now();
  if (device_.is_cuda() || now - last_memory_probe_ >= kMemoryProbeInterval) {
    last_memory_ = probe_memory(device_);
    last_memory_probe_ = now;
  }
  metrics.memory = last_memory_;
  metrics.rank_samples_per_second = rank_samples_per_second_;
  metrics.rank_memory_bytes = rank_memory_bytes_;
  const std::uint64_t peak = metrics.memory.is_cuda ? metrics.memory.peak_allocated_bytes
                                                    : metrics.memory.peak_resident_bytes;
  summary_.peak_memory_bytes = std::max(summary_.peak_memory_bytes, peak);
  summary_.train_loss = loss;
  listener_.on_step(metrics);
}

void TrainingRun::watch_loss_scale(bool stepped) {
  step_skipped_ = !stepped;
  scale_change_ = 0;
  if (!scaler_->enabled()) return;
  // The one extra sync per step an fp16 run pays; the scale is also what the charts show.
  const double scale = scaler_->current_scale();
  const AmpStepHealth health = amp_health_.observe(!stepped, loss_scale_, scale);
  loss_scale_ = scale;
  scale_change_ = health.scale_change;
  if (!health.warning) return;
  if (*health.warning == AmpWarning::ScaleCollapsed) {
    std::ostringstream value;
    value << scale;
    log(LogLevel::Warning,
        {messages::kLossScaleCollapsed, {value.str(), std::to_string(global_step_ + 1)}});
  } else {
    log(LogLevel::Warning,
        {messages::kManySkippedSteps,
         {std::to_string(amp_health_.skipped_steps()), std::to_string(amp_health_.steps()),
          std::to_string(static_cast<int>(AmpHealth::kSkippedShareLimit * 100))}});
  }
}

bool TrainingRun::validate(std::int64_t epoch, double epoch_seconds) {
  constexpr int kMisclassifiedShown = 32;
  // Data-parallel ranks validate their shards to the end (a Stop takes effect at the next step
  // agreement) and sum the results, so each holds the whole split's figures.
  std::function<bool()> cancelled;
  if (!distributed()) cancelled = [this] { return control_.cancelled(); };
  Evaluation evaluation = evaluate_model(*model_, *val_loader_, device_, settings_.amp, classes_,
                                         cancelled, dataset_.validation.get(), kMisclassifiedShown);
  if (evaluation.cancelled) return false;
  if (distributed()) sum_evaluation_over_ranks(evaluation, *parallel_);
  report_skipped(evaluation.skipped);
  EpochMetrics metrics;
  metrics.epoch = epoch;
  if (epoch_samples_ > 0) {
    metrics.train_loss = epoch_loss_sum_ / static_cast<double>(epoch_samples_);
    metrics.train_accuracy =
        static_cast<double>(figures_.epoch_correct()) / static_cast<double>(epoch_samples_);
  }
  metrics.val_loss = evaluation.loss;
  metrics.val_accuracy = evaluation.accuracy;
  metrics.confusion = evaluation.confusion;
  metrics.misclassified = evaluation.misclassified;
  metrics.class_names = dataset_.info.class_names;
  metrics.duration_seconds = epoch_seconds;
  metrics.best = evaluation.accuracy > best_accuracy_;
  summary_.epochs = epoch + 1;
  summary_.val_loss = evaluation.loss;
  summary_.val_accuracy = evaluation.accuracy;
  epoch_history_.push_back({{"epoch", epoch},
                            {"train_loss", metrics.train_loss},
                            {"train_accuracy", metrics.train_accuracy},
                            {"val_loss", metrics.val_loss},
                            {"val_accuracy", metrics.val_accuracy}});
  if (metrics.best) {
    best_accuracy_ = evaluation.accuracy;
    if (settings_.keep_best) {
      summary_.best_checkpoint = write_checkpoint(kBestCheckpointFolder);
      if (save_error_) best_save_error_ = save_error_;
    }
  }
  const std::int64_t every = settings_.checkpoint_every_epochs;
  if (every > 0 && (epoch + 1) % every == 0)
    summary_.last_checkpoint = write_checkpoint(kLastCheckpointFolder);
  listener_.on_epoch(metrics);

  // Early stopping watches the validation loss.
  if (epoch == start_epoch_ || evaluation.loss < best_val_loss_) {
    best_val_loss_ = evaluation.loss;
    epochs_without_improvement_ = 0;
  } else if (++epochs_without_improvement_ >= settings_.early_stopping_patience &&
             settings_.early_stopping_patience > 0) {
    log(LogLevel::Info, {messages::kEarlyStopping, {std::to_string(epochs_without_improvement_)}});
    return false;
  }
  return true;
}

}  // namespace convstudio
