#pragma once
// One training run from start to finish: the loop behind Trainer::run(). Internal (LibTorch).

#include <torch/torch.h>

#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "amp_health.h"
#include "convstudio/data/dataset.h"
#include "convstudio/model/block_analysis.h"
#include "convstudio/train/memory_snapshot.h"
#include "convstudio/train/trainer.h"
#include "data/batch_loader.h"
#include "distributed/data_parallel.h"
#include "gradient_norm.h"
#include "loss_scaler.h"
#include "lr_schedule.h"
#include "nn/graph_module.h"
#include "rng_state.h"
#include "run_control.h"
#include "runs/engine_messages.h"
#include "training_faults.h"
#include "training_figures.h"

namespace convstudio {

class TrainingRun {
 public:
  TrainingRun(const RunOptions& options, TrainingListener& listener, RunControl& control);
  RunSummary execute();

 private:
  // Where the run stands at the last optimizer-step boundary: what a checkpoint saves.
  struct Boundary {
    std::int64_t epoch = 0;
    std::int64_t batch_in_epoch = 0;  // micro-batches of the epoch consumed
    RngState rng;
  };
  enum class EpochEnd { Completed, StepLimit, Cancelled, Failed };

  bool prepare();
  // Copies RunOptions::start_weights into the new model; fails the run when they do not fit.
  bool load_start_weights();
  // The optimizer over the trainable parameters: one group for blocks new to the model and,
  // when some blocks start from pretrained weights, a second one at lr × the multiplier.
  void build_optimizer();
  // A checkpoint's parameter groups (pretrained blocks, multiplier), so its optimizer state fits.
  void restore_parameter_groups(const nlohmann::json& config);
  bool load_data(const TensorShape& input);
  // Logs files a batch had to leave out: each file once, the first kNamedSkippedFiles by name.
  void report_skipped(const std::vector<Error>& skipped);
  bool resume_from_checkpoint();
  // Data-parallel runs: joins the other ranks, takes rank 0's weights, reduces gradients.
  bool join_data_parallel();
  // Ends the run because a peer failed; rank 0 leaves a checkpoint of the last step boundary.
  void fail_peer(const PeerFailure& failure);
  bool distributed() const { return parallel_ != nullptr; }
  // Takes the epochs and max steps of the project saved in the checkpoint's config.
  void restore_planned_end(const nlohmann::json& config);
  // The last epoch's figures from the checkpoint's history go into the summary.
  void keep_last_measured_figures();
  // Removes stale temporaries from the out folder and recovers checkpoints a crash left moved
  // aside (see clean_interrupted_writes), with a warning for each.
  void tidy_interrupted_writes();
  void make_loaders();
  // The device's peak FLOP/s for the run's precision (measured once, then cached), for the
  // utilisation figures; a run without it still trains.
  void find_peak_flops();
  // After each optimizer step of an fp16 run: skipped steps, scale changes, and the warnings.
  void watch_loss_scale(bool stepped);
  EpochEnd train_epoch(std::int64_t epoch, std::int64_t skip_batches);
  EpochEnd train_epoch_with_recovery(std::int64_t epoch, std::int64_t skip_batches);
  bool validate(std::int64_t epoch, double epoch_seconds);
  void report_step(std::int64_t epoch, std::int64_t batch_index, std::int64_t batches, double loss,
                   double lr, std::int64_t samples);
  // Saves the state at the last optimizer-step boundary as OUT/FOLDER (kBestCheckpointFolder or
  // kLastCheckpointFolder); returns its path, or an empty string when there is no out folder or
  // the save failed (then with a logged warning, and save_error_ says why).
  std::string write_checkpoint(const std::string& folder);
  // Ends the run as failed because a checkpoint could not be saved (`error` says why).
  void fail_save(const Error& error);
  nlohmann::json run_config() const;
  // A failure keeps its place (the Error) and, when the engine wrote the sentence itself, its
  // pattern from runs/engine_messages.h (`text`), so the studio can show it translated.
  void fail(RunErrorKind kind, Error error, bool leave_checkpoint, MessageText text = {});
  void log(LogLevel level, MessageText message);
  // A text from elsewhere (a reader's Error), shown as it is.
  void log_as_is(LogLevel level, const std::string& text);
  void set_state(RunState state, const std::string& message = {});
  std::int64_t steps_per_epoch() const;
  double wall_seconds() const;

  const RunOptions& options_;
  TrainingSettings settings_;  // a copy: resuming restores the end the run was planned with
  TrainingListener& listener_;
  RunControl& control_;
  RunSummary summary_;
  TrainingFaults faults_ = TrainingFaults::from_tests();  // none outside tests

  torch::Device device_ = torch::kCPU;
  ModelAnalysis analysis_;
  std::int64_t classes_ = 0;
  Dataset dataset_;
  std::optional<GraphModule> model_;
  std::unique_ptr<torch::optim::Optimizer> optimizer_;
  std::set<std::string> pretrained_blocks_;  // blocks whose weights came from start_weights
  double pretrained_lr_multiplier_ = 1;      // the multiplier this run applies
  std::vector<double> group_lr_scales_;      // per optimizer parameter group, × the schedule
  std::unique_ptr<LearningRateSchedule> schedule_;
  std::unique_ptr<LossScaler> scaler_;
  AmpHealth amp_health_;
  double loss_scale_ = 1;      // after the last update(); read once per step
  bool step_skipped_ = false;  // the last optimizer step was skipped (inf/NaN gradients)
  int scale_change_ = 0;       // and the scale changed after it (+1 grew, -1 backed off)
  double peak_flops_ = 0;      // of the device in the run's precision; 0 when unknown
  GradientNorm grad_norm_;     // measures the step's gradients when clipping does not
  double step_grad_norm_ = 0;  // of the last step, before clipping
  std::unique_ptr<BatchLoader> train_loader_;
  std::unique_ptr<BatchLoader> val_loader_;
  std::unique_ptr<DataParallel> parallel_;  // null for a run of one process
  std::size_t synced_batch_norms_ = 0;      // BatchNorm2d blocks normalising over all ranks

  std::int64_t batch_size_ = 0;
  std::int64_t accumulate_ = 1;
  std::int64_t total_steps_ = 0;
  std::int64_t global_step_ = 0;
  std::int64_t start_epoch_ = 0;
  std::int64_t start_batch_ = 0;
  Boundary boundary_;
  nlohmann::json epoch_history_ = nlohmann::json::array();
  double best_accuracy_ = -1;
  double best_val_loss_ = 0;
  std::int64_t epochs_without_improvement_ = 0;
  std::int64_t first_step_ = 0;           // global step the run (or the resumed run) started at
  std::int64_t last_saved_step_ = -1;     // global step of the newest "last" checkpoint
  std::optional<Error> save_error_;       // why the latest write_checkpoint failed
  std::optional<Error> best_save_error_;  // a best checkpoint that could not be saved
  std::set<std::string> skipped_files_;   // unreadable files already reported

  // Epoch statistics.
  double epoch_loss_sum_ = 0;
  TrainingFigures figures_;
  std::int64_t epoch_samples_ = 0;

  std::chrono::steady_clock::time_point started_;
  double stall_seconds_before_ = 0;  // loader stalls of loaders replaced after an OOM
  std::deque<std::pair<double, std::int64_t>> recent_steps_;  // (time, samples) for throughput
  std::int64_t samples_trained_ = 0;
  double training_seconds_ = 0;     // wall time inside train_epoch, for ETA and throughput
  double bookkeeping_seconds_ = 0;  // the part spent on figures: metrics sums and report_step
  MemorySnapshot last_memory_;      // the CPU is probed a few times a second, not every step
  std::chrono::steady_clock::time_point last_memory_probe_;
  // Data-parallel runs: every rank's figures from the last step's agreement.
  std::vector<double> rank_samples_per_second_;
  std::vector<std::uint64_t> rank_memory_bytes_;
  double local_samples_per_second_ = 0;  // this rank's, over its last step
};

}  // namespace convstudio
