#pragma once
// Trains a project's graph on its dataset: device choice, AMP with loss scaling, gradient
// accumulation, schedules, validation, checkpoints and resume. Torch-free interface.

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/model/project.h"
#include "convstudio/runs/class_report.h"
#include "convstudio/runs/training_events.h"
#include "convstudio/train/distributed_options.h"

namespace convstudio {

struct RunOptions {
  Project project;
  std::string out_dir;            // checkpoints and nothing else; created when missing
  std::string resume_checkpoint;  // a *.ckpt folder to continue from; empty starts afresh
  // Resuming keeps the end the run was planned with (its epochs and max steps, saved in the
  // checkpoint) unless this says the project's end is a new one the user asked for.
  bool new_end = false;
  // A safetensors file of starting weights named "<block id>.<tensor>" (the project's, see
  // ProjectFile::weights_file); empty starts from PyTorch's initialisation. Ignored on resume.
  std::string start_weights;
  // One rank of a data-parallel run (world_size > 1): every rank runs the same options; rank 0
  // alone writes checkpoints. Pause is not offered then (a paused rank would stall the others).
  DistributedOptions distributed;
};

// The batch a run ended with. An out-of-memory retry halves the batch and doubles the
// accumulation together, so the three may differ from the settings, and only together.
struct BatchSummary {
  std::int64_t size = 0;
  std::int64_t accumulate = 1;      // micro-batches per optimizer step
  std::int64_t effective_size = 0;  // size × accumulate: samples per optimizer step
};

// The last validation's figures that see every class (convstudio/runs/class_report.h).
struct ClassSummary {
  std::optional<double> balanced_accuracy;
  std::optional<double> macro_f1;
  std::vector<std::string> names;
  std::vector<ClassFigures> figures;  // in class order
};

// A segmentation run's validation figures (convstudio/runs/segmentation_report.h): the last
// validation's mean IoU and per-class IoU (NaN for a class in neither truth nor prediction),
// and the best mean IoU of the run's validations. Absent / empty for classification.
struct SegmentationSummary {
  std::optional<double> mean_iou;
  std::optional<double> best_mean_iou;
  std::vector<double> class_iou;  // in class order
};

// fp16 loss scaling: the final scale (absent without scaling), the steps it skipped and how
// often it changed; one group because the precision guard reports them and nothing else does.
struct LossScaleSummary {
  std::optional<double> scale;
  std::int64_t skipped_steps = 0;  // optimizer steps skipped for inf/NaN gradients
  std::int64_t growths = 0;
  std::int64_t backoffs = 0;
};

// Utilisation: achieved FLOP/s = FLOPs per sample × samples/s, where a sample costs 2 FLOPs per
// multiply-accumulate for its forward pass and again for each gradient backward computes
// (convstudio/model/training_cost.h: frozen blocks cost less). The peak is the device's
// measured matrix-multiply rate for the run's precision (convstudio/train/peak_flops.h),
// summed over data-parallel ranks; utilisation = achieved / peak, never above 1. Absent when
// not measured, or when the rate exceeded even a peak measured again. Unlike a step's
// ComputeFigures (0 until measured), a summary keeps "never measured" apart from 0.
struct ComputeSummary {
  std::int64_t macs_per_sample = 0;
  std::int64_t flops_per_sample = 0;
  std::optional<double> achieved_flops;
  std::optional<double> peak_flops;
  std::optional<double> utilisation;
};

// Data-parallel runs: the processes, and the share of the training time spent waiting for
// gradient all-reduces that backward did not hide (absent for one process).
struct DataParallelSummary {
  std::int64_t world_size = 1;
  std::optional<double> allreduce_wait_share;
};

// The checkpoint folders a run left, grouped because the checkpoint keeper writes both: the
// latest state (to resume from) and the best validation's. Empty when none was written.
struct RunCheckpoints {
  std::string last;
  std::string best;
};

// The final figures of a run (also the CLI's last JSON line, whose keys stay flat: see
// run_summary_json.h). A figure that was never measured (no step trained, no validation run) is
// absent, never 0. Figures that one part of the run reports together are grouped.
struct RunSummary {
  RunState state = RunState::Finished;
  std::int64_t epochs = 0;  // epochs completed
  std::int64_t steps = 0;   // optimizer steps taken
  std::optional<double> train_loss;
  std::optional<double> val_loss;
  std::optional<double> val_accuracy;
  ClassSummary classes;  // the last validation's figures per class
  SegmentationSummary segmentation;
  std::optional<double> samples_per_second;
  double loader_stall_share = 0;
  // Share of the training time spent on figures rather than training: summing each
  // micro-batch's loss and correct count, and reporting each step (the listener: run files,
  // progress, charts; the memory probe; throughput). Absent when nothing trained.
  std::optional<double> bookkeeping_share;
  std::uint64_t peak_memory_bytes = 0;
  std::string device;
  std::string amp;
  BatchSummary batch;
  LossScaleSummary loss_scaling;
  ComputeSummary compute;
  DataParallelSummary data_parallel;
  RunCheckpoints checkpoints;
  std::optional<RunError> error;
};

// One run. run() blocks the calling thread (the training thread); pause(), resume() and
// cancel() may be called from any other thread and take effect within one micro-batch.
class Trainer {
 public:
  Trainer(RunOptions options, TrainingListener* listener);
  ~Trainer();
  Trainer(const Trainer&) = delete;
  Trainer& operator=(const Trainer&) = delete;

  RunSummary run();

  void pause();
  void resume();
  void cancel();

 private:
  RunOptions options_;
  TrainingListener* listener_;
  struct Control;
  std::unique_ptr<Control> control_;
};

// Hands cached GPU memory back to the driver on `device` ("cuda:0"); a line saying what was done.
std::string release_cached_device_memory(const std::string& device);

}  // namespace convstudio
