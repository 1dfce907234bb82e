// The end of a TrainingRun's epoch: validation, the epoch's figures, its checkpoints and early
// stopping.

#include "evaluator.h"
#include "runs/checkpoint_files.h"
#include "training_run.h"

namespace convstudio {

bool TrainingRun::validate(std::int64_t epoch, double epoch_seconds) {
  constexpr int kMisclassifiedShown = 32;
  // Data-parallel ranks validate their shards to the end (a Stop takes effect at the next step
  // agreement) and sum the results, so each holds the whole split's figures.
  std::function<bool()> cancelled;
  if (!distributed()) cancelled = [this] { return control_.cancelled(); };
  Evaluation evaluation =
      evaluate_model(*model_, data_.validation_loader(), environment_.device(), settings_.amp,
                     classes(), cancelled, data_.dataset().validation.get(), kMisclassifiedShown);
  if (evaluation.cancelled) return false;
  if (distributed()) sum_evaluation_over_ranks(evaluation, ranks_.parallel());
  remeasure_peak_with_ranks();
  data_.report_skipped(evaluation.skipped, log_);
  EpochMetrics metrics;
  metrics.epoch = epoch;
  if (figures_.epoch_samples() > 0) {
    const auto samples = static_cast<double>(figures_.epoch_samples());
    metrics.train_loss = figures_.epoch_loss_sum() / samples;
    metrics.train_accuracy = static_cast<double>(figures_.epoch_correct()) / samples;
  }
  metrics.val_loss = evaluation.loss;
  metrics.val_accuracy = evaluation.accuracy;
  metrics.confusion = evaluation.confusion;
  metrics.misclassified = evaluation.misclassified;
  metrics.class_names = data_.info().class_names;
  metrics.duration_seconds = epoch_seconds;
  summary_.epochs = epoch + 1;
  summary_.val_loss = evaluation.loss;
  summary_.val_accuracy = evaluation.accuracy;
  metrics.best = keeper_.record_epoch({{"epoch", epoch},
                                       {"train_loss", metrics.train_loss},
                                       {"train_accuracy", metrics.train_accuracy},
                                       {"val_loss", metrics.val_loss},
                                       {"val_accuracy", metrics.val_accuracy}},
                                      evaluation.accuracy);
  keep_checkpoints(epoch, metrics.best);
  listener_.on_epoch(metrics);

  // Early stopping watches the validation loss.
  if (early_stopping_.should_stop(epoch == progress_.start_epoch, evaluation.loss,
                                  settings_.early_stopping_patience)) {
    log(LogLevel::Info,
        {messages::kEarlyStopping, {std::to_string(early_stopping_.epochs_without_improvement())}});
    return false;
  }
  return true;
}

void TrainingRun::keep_checkpoints(std::int64_t epoch, bool best) {
  if (best && settings_.keep_best) {
    summary_.best_checkpoint = write_checkpoint(kBestCheckpointFolder);
    if (keeper_.save_error()) keeper_.keep_best_save_error();
  }
  const std::int64_t every = settings_.checkpoint_every_epochs;
  if (every > 0 && (epoch + 1) % every == 0) {
    summary_.last_checkpoint = write_checkpoint(kLastCheckpointFolder);
  }
}

}  // namespace convstudio
