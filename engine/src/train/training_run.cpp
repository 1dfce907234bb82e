#include "training_run.h"

#include <algorithm>

#include "convstudio/train/peak_flops.h"
#include "distributed/process_group.h"
#include "memory_probe.h"
#include "runs/checkpoint_files.h"

namespace convstudio {

TrainingRun::TrainingRun(const RunOptions& options, TrainingListener& listener, RunControl& control)
    : options_(options),
      settings_(options.project.training),
      listener_(listener),
      log_(listener),
      control_(control),
      keeper_(options.out_dir, options.distributed.writes_files()),
      validations_(settings_.validation.every_steps) {}

RunSummary TrainingRun::execute() {
  meters_.start_run();
  set_state(RunState::Preparing);
  if (!prepare()) return summary_;
  set_state(RunState::Running);
  const std::optional<EpochEnd> end = run_epochs();
  if (!end) return summary_;  // failed
  fill_summary();
  if (!leave_checkpoints()) return summary_;
  finish(*end);
  return summary_;
}

std::optional<TrainingRun::EpochEnd> TrainingRun::run_epochs() {
  EpochEnd end = EpochEnd::Completed;
  std::int64_t skip = progress_.start_batch;
  try {
    for (std::int64_t epoch = progress_.start_epoch;
         epoch < settings_.epochs && end == EpochEnd::Completed; ++epoch, skip = 0) {
      meters_.start_epoch();
      end = train_epoch_with_recovery(epoch, skip);
      if (end == EpochEnd::Failed) return std::nullopt;
      if (end == EpochEnd::Cancelled) break;
      // A step limit that falls on the epoch's last batch still gets that epoch's validation.
      const bool epoch_complete =
          progress_.boundary.epoch == epoch + 1 || end == EpochEnd::Completed;
      if (epoch_complete && !validate(epoch, true)) break;
      // One part-way through the epoch gets a validation of its own: a step-limited run (a
      // sweep's, a queue's) ends with validation figures and a best checkpoint all the same.
      if (!epoch_complete) validate_at_step_limit(epoch);
    }
  } catch (const DataFailure& failure) {
    // A whole batch of unreadable files: the data is broken, the weights so far are kept.
    fail(RunErrorKind::Data, failure.error(), true);
    return std::nullopt;
  } catch (const PeerFailure& failure) {
    fail_peer(failure);
    return std::nullopt;
  }
  return end;
}

void TrainingRun::fill_summary() {
  summary_.steps = progress_.global_step;
  const double training_seconds = meters_.training_seconds();
  if (training_seconds > 0 && meters_.samples_trained() > 0) {
    summary_.samples_per_second = meters_.samples_trained() / training_seconds;
    summary_.bookkeeping_share = meters_.bookkeeping_seconds() / training_seconds;
    // Steps between two memory probes may have raised the peak; the kernel's mark has it.
    const MemorySnapshot memory = probe_memory(environment_.device());
    summary_.peak_memory_bytes =
        std::max(summary_.peak_memory_bytes,
                 memory.is_cuda ? memory.peak_allocated_bytes : memory.peak_resident_bytes);
  }
  const double wall = meters_.wall_seconds();
  summary_.loader_stall_share = wall > 0 ? data_.stall_seconds() / wall : 0;
  summary_.batch.size = data_.batch_size();
  summary_.batch.accumulate = data_.accumulate();
  summary_.batch.effective_size = data_.batch_size() * data_.accumulate();
  summary_.loss_scaling.skipped_steps = precision_->scaler().skipped_steps();
  if (precision_->scaler().enabled()) summary_.loss_scaling.scale = precision_->loss_scale();
  summary_.loss_scaling.growths = precision_->health().growths();
  summary_.loss_scaling.backoffs = precision_->health().backoffs();
  if (summary_.samples_per_second) {
    const ComputeFigures compute = meters_.utilisation().read(*summary_.samples_per_second);
    summary_.compute.achieved_flops = compute.achieved_flops;
    if (meters_.utilisation().peak() > 0)
      summary_.compute.peak_flops = meters_.utilisation().peak();
    // Never above the peak: a rate beyond even a peak probed again leaves it unknown.
    if (compute.utilisation > 0) summary_.compute.utilisation = compute.utilisation;
  }
  if (distributed() && training_seconds > 0) {
    summary_.data_parallel.allreduce_wait_share =
        ranks_.allreduce_wait_seconds() / training_seconds;
  }
}

bool TrainingRun::leave_checkpoints() {
  // The epoch-end save may already hold exactly this state; writing it again is wasted I/O.
  if (summary_.checkpoints.last.empty() || keeper_.last_saved_step() != progress_.global_step) {
    summary_.checkpoints.last = write_checkpoint(kLastCheckpointFolder);
    // A run that ends without the checkpoint it was meant to leave has lost its work: it fails.
    if (keeper_.save_error()) {
      fail_save(*keeper_.save_error());
      return false;
    }
  }
  if (keeper_.best_save_error()) {
    fail_save(*keeper_.best_save_error());
    return false;
  }
  return true;
}

void TrainingRun::finish(EpochEnd end) {
  if (control_.cancelled()) end = EpochEnd::Cancelled;  // also during validation
  if (end == EpochEnd::Cancelled) {
    summary_.state = RunState::Cancelled;
    set_state(RunState::Cancelled, "cancelled; checkpoint " + summary_.checkpoints.last);
  } else {
    summary_.state = RunState::Finished;
    set_state(RunState::Finished,
              "finished after " + std::to_string(progress_.global_step) + " steps");
  }
}

void TrainingRun::fail(RunErrorKind kind, Error problem, bool leave_checkpoint, MessageText text) {
  RunError error(kind, std::move(problem));
  error.text = std::move(text);
  if (leave_checkpoint && model_) error.checkpoint = write_checkpoint(kLastCheckpointFolder);
  summary_.state = RunState::Failed;
  summary_.steps = progress_.global_step;
  summary_.checkpoints.last = error.checkpoint;
  summary_.error = error;
  if (kind != RunErrorKind::Distributed) ranks_.announce_failure(error.message);
  listener_.on_error(error);
  set_state(RunState::Failed, error.describe());
}

void TrainingRun::fail_peer(const PeerFailure& failure) {
  MessageText text{messages::kAsIs, {failure.what()}};
  // The model and optimizer are those of the last completed step (a failed all-reduce comes
  // before the step): rank 0's checkpoint of that boundary is sound, and --resume goes on.
  fail(RunErrorKind::Distributed, Error::in_setting("distributed", failure.what()),
       options_.distributed.writes_files(), std::move(text));
}

void TrainingRun::fail_save(const Error& error) {
  MessageText text{messages::kCheckpointNotSaved, {error.describe()}};
  Error placed = error;
  placed.message = "could not save the checkpoint: " + error.message;
  fail(RunErrorKind::Save, std::move(placed), false, std::move(text));
}

void TrainingRun::set_state(RunState state, const std::string& message) {
  listener_.on_state(state, message);
}

}  // namespace convstudio
