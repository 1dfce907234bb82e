// A TrainingRun's validations: at each epoch's end, every validate_every_steps steps part-way
// through an epoch, and at the end of a run its step limit stopped part-way through one; the
// figures, the checkpoints and early stopping that follow.

#include <algorithm>

#include "convstudio/runs/class_report.h"
#include "convstudio/runs/segmentation_report.h"
#include "evaluator.h"
#include "runs/checkpoint_files.h"
#include "training_run.h"

namespace convstudio {
namespace {

// The figure LossSettings::best_metric names: the best checkpoint keeps its highest.
double best_metric_value(BestMetric metric, const EpochMetrics& metrics) {
  switch (metric) {
    case BestMetric::BalancedAccuracy:
      return metrics.val_balanced_accuracy;
    case BestMetric::MacroF1:
      return metrics.val_macro_f1;
    case BestMetric::MeanIoU:
      return metrics.val_mean_iou;
    case BestMetric::Accuracy:
      break;
  }
  return metrics.val_accuracy;
}

}  // namespace

bool TrainingRun::validate(std::int64_t epoch, bool epoch_end) {
  constexpr int kMisclassifiedShown = 32;
  const double epoch_seconds = meters_.epoch_seconds();  // the epoch so far, without validating
  // Data-parallel ranks validate their shards to the end (a Stop takes effect at the next step
  // agreement) and sum the results, so each holds the whole split's figures.
  std::function<bool()> cancelled;
  if (!distributed()) cancelled = [this] { return control_.cancelled(); };
  Evaluation evaluation =
      evaluate_model(*model_, data_.validation_loader(), environment_.device(), settings_.amp,
                     classes(), cancelled, data_.dataset().validation.get(), kMisclassifiedShown,
                     options_.project.dataset.ignore_label);
  if (evaluation.cancelled) return false;
  if (distributed()) sum_evaluation_over_ranks(evaluation, ranks_.parallel());
  validations_.validated(progress_.global_step);
  remeasure_peak_with_ranks();
  data_.report_skipped(evaluation.skipped, log_);
  EpochMetrics metrics;
  metrics.epoch = epoch;
  metrics.step = progress_.global_step;
  if (figures_.epoch_samples() > 0) {
    const auto samples = static_cast<double>(figures_.epoch_samples());
    metrics.train_loss = figures_.epoch_loss_sum() / samples;
    metrics.train_accuracy = static_cast<double>(figures_.epoch_correct()) / samples;
  }
  // Segmentation: the training accuracy is over the pixels counted (all ranks' together).
  if (figures_.counts_pixels()) metrics.train_accuracy = train_pixel_accuracy();
  metrics.val_loss = evaluation.loss;
  metrics.val_accuracy = evaluation.accuracy;
  metrics.confusion = evaluation.confusion;
  metrics.misclassified = evaluation.misclassified;
  metrics.class_names = data_.info().class_names;
  metrics.duration_seconds = epoch_seconds;
  const ClassReport report = class_report(evaluation.confusion);
  metrics.val_balanced_accuracy = report.balanced_accuracy;
  metrics.val_macro_f1 = report.macro_f1;
  metrics.per_class = report.classes;
  if (evaluation.pixels) {
    const SegmentationReport pixels = segmentation_report(evaluation.confusion);
    metrics.val_mean_iou = pixels.mean_iou;
    metrics.val_class_iou = pixels.class_iou;
    summary_.segmentation.mean_iou = pixels.mean_iou;
    summary_.segmentation.class_iou = pixels.class_iou;
    summary_.segmentation.best_mean_iou =
        std::max(summary_.segmentation.best_mean_iou.value_or(pixels.mean_iou), pixels.mean_iou);
  }
  if (epoch_end) summary_.epochs = epoch + 1;
  summary_.val_loss = evaluation.loss;
  summary_.val_accuracy = evaluation.accuracy;
  summary_.classes = {report.balanced_accuracy, report.macro_f1, metrics.class_names,
                      report.classes};
  const double score = best_metric_value(settings_.loss.best_metric, metrics);
  nlohmann::json figures = {{"epoch", epoch},
                            {"step", metrics.step},
                            {"train_loss", metrics.train_loss},
                            {"train_accuracy", metrics.train_accuracy},
                            {"val_loss", metrics.val_loss},
                            {"val_accuracy", metrics.val_accuracy},
                            {"val_balanced_accuracy", metrics.val_balanced_accuracy},
                            {"val_macro_f1", metrics.val_macro_f1}};
  if (evaluation.pixels) figures["val_mean_iou"] = metrics.val_mean_iou;
  metrics.best = keeper_.record_epoch(std::move(figures), score);
  keep_checkpoints(epoch, metrics.best, epoch_end);
  listener_.on_epoch(metrics);

  // Early stopping watches the validation loss at epochs' ends (or, when the best checkpoint
  // follows balanced accuracy or macro-F1, what that figure misses of 1): its patience counts
  // epochs, as the setting says, however often the run validates in between.
  const double watched =
      settings_.loss.best_metric == BestMetric::Accuracy ? evaluation.loss : 1.0 - score;
  if (epoch_end && early_stopping_.should_stop(epoch == progress_.start_epoch, watched,
                                               settings_.validation.early_stopping_patience)) {
    log(LogLevel::Info,
        {messages::kEarlyStopping, {std::to_string(early_stopping_.epochs_without_improvement())}});
    return false;
  }
  return true;
}

double TrainingRun::train_pixel_accuracy() {
  std::vector<double> pixels = {static_cast<double>(figures_.epoch_counted_pixels())};
  // Every rank validates here together, so the sum over the ranks pairs up.
  if (distributed()) ranks_.parallel().sum_over_ranks(pixels);
  return pixels[0] > 0 ? static_cast<double>(figures_.epoch_correct()) / pixels[0] : 0.0;
}

bool TrainingRun::validate_if_due(std::int64_t epoch, const GradientAccumulation& step) {
  if (!validations_.due_mid_epoch(progress_.global_step, step.epoch_done())) return true;
  meters_.end_segment();  // training time leaves the validation out
  if (!validate(epoch, false)) return false;
  meters_.start_segment();
  return true;
}

void TrainingRun::validate_at_step_limit(std::int64_t epoch) {
  if (validations_.due_at_end(progress_.global_step)) validate(epoch, false);
}

void TrainingRun::keep_checkpoints(std::int64_t epoch, bool best, bool epoch_end) {
  if (best && settings_.validation.keep_best) {
    summary_.checkpoints.best = write_checkpoint(kBestCheckpointFolder);
    if (keeper_.save_error()) keeper_.keep_best_save_error();
  }
  const std::int64_t every = settings_.validation.checkpoint_every_epochs;
  if (epoch_end && every > 0 && (epoch + 1) % every == 0) {
    summary_.checkpoints.last = write_checkpoint(kLastCheckpointFolder);
  }
}

}  // namespace convstudio
