#pragma once
// One training run from start to finish: the loop behind Trainer::run(). Internal (LibTorch).
//
// The run composes small parts and calls them from its loop over optimizer steps:
//   RunEnvironment     device, precision, determinism, peak FLOP/s
//   RunData            data set, loaders, skipped files, the batch halved after out-of-memory
//   BatchMixer         mixup / CutMix of each training batch
//   ParameterGroups    optimizer, its parameter groups and the learning-rate schedule
//   PrecisionGuard     fp16 loss scaling and its health, gradient clipping and norm
//   DataParallelRank   joining the other ranks, the gradient all-reduce
//   GradientAccumulation  the micro-batches of one step (a local of train_epoch)
//   RunMeters          time, throughput, memory
//   CheckpointKeeper   checkpoints and the epoch history; EarlyStopping
//   ValidationSchedule validations part-way through an epoch and at a step limit's end
//   TrainingFaults     the one seam through which tests inject faults
// training_run.cpp holds the epoch loop and the run's end, training_preparation.cpp the
// set-up, training_epoch.cpp the steps, training_validation.cpp the epoch's end and
// training_checkpoint.cpp saving and resuming.

#include <torch/torch.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "checkpoint_keeper.h"
#include "convstudio/model/block_analysis.h"
#include "convstudio/train/trainer.h"
#include "data_parallel_rank.h"
#include "early_stopping.h"
#include "gradient_accumulation.h"
#include "nn/graph_module.h"
#include "parameter_groups.h"
#include "precision_guard.h"
#include "run_control.h"
#include "run_data.h"
#include "run_environment.h"
#include "run_log.h"
#include "run_meters.h"
#include "run_progress.h"
#include "runs/engine_messages.h"
#include "training_faults.h"
#include "training_figures.h"
#include "validation_schedule.h"

namespace convstudio {

class TrainingRun {
 public:
  TrainingRun(const RunOptions& options, TrainingListener& listener, RunControl& control);
  RunSummary execute();

 private:
  enum class EpochEnd { Completed, StepLimit, Cancelled, Failed };
  // A finished optimizer step's figures over all ranks.
  struct StepTotals {
    double loss_sum = 0;
    std::int64_t samples = 0;
    bool stop = false;  // some rank was asked to stop
  };

  // training_run.cpp: the epochs and the run's end.
  std::optional<EpochEnd> run_epochs();
  void fill_summary();
  // Saves the last checkpoint unless the newest one holds this state; false when a save failed.
  bool leave_checkpoints();
  void finish(EpochEnd end);
  // A failure keeps its place (the Error) and, when the engine wrote the sentence itself, its
  // pattern from runs/engine_messages.h (`text`), so the studio can show it translated.
  void fail(RunErrorKind kind, Error error, bool leave_checkpoint, MessageText text = {});
  // Ends the run because a peer failed; rank 0 leaves a checkpoint of the last step boundary.
  void fail_peer(const PeerFailure& failure);
  // Ends the run as failed because a checkpoint could not be saved (`error` says why).
  void fail_save(const Error& error);
  void log(LogLevel level, MessageText message) { log_.write(level, std::move(message)); }
  void set_state(RunState state, const std::string& message = {});

  // training_preparation.cpp: everything before the first step.
  bool prepare();
  bool settle_environment();
  bool analyse_model();
  bool load_data();
  bool build_model();
  // Copies RunOptions::start_weights into the new model; fails the run when they do not fit.
  std::optional<std::set<std::string>> load_start_weights();
  // Loaders, optimizer, schedule and scaler; then the out folder, a resume, the other ranks.
  bool prepare_training();
  void plan_total_steps();
  bool join_data_parallel();
  // Removes stale temporaries from the out folder and recovers checkpoints a crash left moved
  // aside (see clean_interrupted_writes), with a warning for each.
  void tidy_interrupted_writes();

  // training_epoch.cpp: the loop over optimizer steps.
  EpochEnd train_epoch_with_recovery(std::int64_t epoch, std::int64_t skip_batches);
  // After an out-of-memory error: half the batch, twice the accumulation, from the last step
  // boundary; returns the batches of the epoch to skip at the new size, or nullopt (failed).
  std::optional<std::int64_t> recover_from_out_of_memory(std::int64_t epoch,
                                                         std::int64_t skip_batches);
  EpochEnd train_epoch(std::int64_t epoch, std::int64_t skip_batches);
  // False when the run was cancelled while paused.
  bool wait_while_paused();
  void train_micro_batch(const Batch& batch, const GradientAccumulation& accumulation);
  std::optional<EpochEnd> finish_step(std::int64_t epoch, const GradientAccumulation& step);
  // The step's loss and samples over all ranks (each rank's throughput and memory too).
  StepTotals total_step(std::int64_t local_samples);
  bool loss_is_finite(double step_loss, std::int64_t epoch, std::int64_t batch_index);
  void report_step(std::int64_t epoch, const GradientAccumulation& step, double loss, double lr,
                   std::int64_t samples);
  // Utilisation (training_utilisation.cpp): the peak every rank can do together, and probing it
  // again when a rate exceeded it — at once for one process, at the next validation (which all
  // ranks reach together) for several.
  void find_peak_flops(bool again);
  double total_peak_flops();
  void remeasure_peak_if_due();
  void remeasure_peak_with_ranks();
  void remeasure_peak_flops();

  // training_validation.cpp: validation and what follows it. `epoch_end`: the epoch's own
  // validation (epoch checkpoints and early stopping follow it), not one part-way through it.
  // False when the run stops here: cancelled, or early stopping.
  bool validate(std::int64_t epoch, bool epoch_end);
  // A validation every validate_every_steps steps, part-way through `epoch`, when one is due
  // after the step just taken; false when the run was cancelled during it.
  bool validate_if_due(std::int64_t epoch, const GradientAccumulation& step);
  // The end of a run its step limit stopped part-way through `epoch`: validate what it learnt.
  void validate_at_step_limit(std::int64_t epoch);
  void keep_checkpoints(std::int64_t epoch, bool best, bool epoch_end);
  // Segmentation: the epoch's correct pixels over its counted pixels, over all ranks.
  double train_pixel_accuracy();

  // training_checkpoint.cpp: saving and resuming.
  nlohmann::json run_config() const;
  // Saves the state at the last optimizer-step boundary as OUT/FOLDER; returns its path, or an
  // empty string when there is no out folder or the save failed (see CheckpointKeeper::save).
  std::string write_checkpoint(const std::string& folder);
  bool resume_from_checkpoint();
  // A checkpoint written at another batch size (an out-of-memory retry) is resumed at that one.
  void adopt_saved_batch(const nlohmann::json& config);
  bool check_resumable(const CheckpointData& data, const std::filesystem::path& dir);
  bool restore_checkpoint(const CheckpointData& data, const std::filesystem::path& dir);
  // Takes the epochs and max steps of the project saved in the checkpoint's config.
  void restore_planned_end(const nlohmann::json& config);
  // A checkpoint whose data fingerprint is not the data's now: a warning in the log.
  void warn_if_data_changed(const nlohmann::json& config, const std::filesystem::path& dir);
  // The last epoch's figures from the checkpoint's history go into the summary.
  void keep_last_measured_figures();

  bool distributed() const { return ranks_.active(); }
  bool segmentation() const { return options_.project.task == ProjectTask::Segmentation; }
  std::int64_t classes() const { return analysis_.output_shape().channels(); }

  const RunOptions& options_;
  TrainingSettings settings_;  // a copy: resuming restores the end the run was planned with
  TrainingListener& listener_;
  RunLog log_;
  RunControl& control_;
  RunSummary summary_;
  TrainingFaults faults_ = TrainingFaults::from_tests();  // none outside tests
  RunEnvironment environment_;
  ModelAnalysis analysis_;
  std::optional<GraphModule> model_;
  ParameterGroups groups_;
  std::optional<PrecisionGuard> precision_;  // once the precision is settled
  RunData data_;
  DataParallelRank ranks_;
  RunMeters meters_;
  CheckpointKeeper keeper_;
  EarlyStopping early_stopping_;
  ValidationSchedule validations_;
  RunProgress progress_;
  TrainingFigures figures_;  // the epoch's training loss and accuracy
};

}  // namespace convstudio
