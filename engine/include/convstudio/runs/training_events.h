#pragma once
// What a training run reports while it runs: plain, copyable structs handed to a listener, so
// the CLI can print them and the GUI can queue them to its thread. No tensor crosses over.

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/runs/class_report.h"
#include "convstudio/runs/message_text.h"
#include "convstudio/runs/run_origin.h"
#include "convstudio/train/memory_snapshot.h"

namespace convstudio {

// What a step rate means for the device (ComputeSummary in train/trainer.h has the convention).
struct ComputeFigures {
  // FLOPs per sample (model/training_cost.h) × samples/s over every rank; 0 until measured.
  double achieved_flops = 0;
  // achieved_flops / the device's peak for the run's precision (summed over ranks), never above
  // 1; 0: unknown, or the rate exceeded the peak and `peak_remeasuring` says so.
  double utilisation = 0;
  bool peak_remeasuring = false;  // the rate exceeded the peak: the run is probing it again
};

// After each optimizer step.
struct StepMetrics {
  std::int64_t step = 0;            // optimizer steps done, 1-based
  std::int64_t total_steps = 0;     // planned optimizer steps of the whole run
  std::int64_t epoch = 0;           // 0-based
  std::int64_t batch_in_epoch = 0;  // micro-batches of this epoch done
  std::int64_t batches_per_epoch = 0;
  double loss = 0;                 // mean loss of the step's micro-batches (unscaled)
  double lr = 0;                   // learning rate the step used
  double samples_per_second = 0;   // over the recent steps
  double loss_scale = 1;           // fp16 loss scale; 1 when scaling is off
  std::int64_t skipped_steps = 0;  // steps skipped for inf/NaN gradients so far
  bool skipped = false;            // this step was skipped: the fp16 loss scaler found inf/NaN
  int loss_scale_change = 0;       // after this step the scale grew (+1), backed off (-1) or not
  // Global L2 norm of the step's gradients before clipping, unscaled (the true norm under fp16
  // loss scaling); inf or NaN when a gradient was; NaN when not measured.
  double grad_norm = std::numeric_limits<double>::quiet_NaN();
  ComputeFigures compute;         // what the step rate means for the device
  double loader_stall_share = 0;  // share of wall time spent waiting for data so far
  double eta_seconds = 0;         // to the end of the run
  MemorySnapshot memory;
  // Data-parallel runs: per rank (index = rank), its own samples/s over the recent steps and its
  // memory (CPU: resident bytes; CUDA: bytes allocated on its GPU). Empty for one process.
  std::vector<double> rank_samples_per_second;
  std::vector<std::uint64_t> rank_memory_bytes;
};

// A validation image the model got wrong, for the GUI's gallery: the decoded pixels as the
// model saw them before normalisation.
struct MisclassifiedSample {
  int channels = 0;
  int height = 0;
  int width = 0;
  std::vector<std::uint8_t> pixels;  // channels × height × width, planar
  std::int64_t true_class = 0;
  std::int64_t predicted_class = 0;
  double confidence = 0;  // softmax probability of the predicted class
};

// After each validation: at an epoch's end, every ValidationSettings::every_steps steps,
// and at the end of a run its step limit stopped part-way through an epoch. The training figures
// are those of the epoch so far.
struct EpochMetrics {
  std::int64_t epoch = 0;  // 0-based: the epoch that ended, or that the validation fell in
  std::int64_t step = 0;   // optimizer steps done when it validated (charts place it there)
  double train_loss = 0;
  double train_accuracy = 0;
  double val_loss = 0;
  double val_accuracy = 0;
  std::vector<std::vector<std::int64_t>> confusion;  // [true class][predicted class]
  std::vector<std::string> class_names;
  double duration_seconds = 0;
  bool best = false;  // best validation figure so far (LossSettings::best_metric)
  std::vector<MisclassifiedSample> misclassified;  // the first few, in validation order
  // Figures that see every class (class_report of `confusion`).
  double val_balanced_accuracy = 0;
  double val_macro_f1 = 0;
  std::vector<ClassFigures> per_class;  // in class order
  // Segmentation (project task): train_accuracy and val_accuracy are pixel accuracies (ignored
  // pixels left out), `confusion` counts pixels, and these hold the validation's mean IoU over
  // the classes present in the truth or the prediction and each class's IoU (NaN for a class in
  // neither). Both stay 0 / empty for classification.
  double val_mean_iou = 0;
  std::vector<double> val_class_iou;  // in class order
};

enum class RunState { Preparing, Running, Paused, Stopping, Finished, Cancelled, Failed };
std::string to_string(RunState state);

enum class LogLevel { Info, Warning, Error };

// `text` is `message` in English (what the CLI prints); the studio translates `message`.
struct LogLine {
  LogLevel level = LogLevel::Info;
  std::string text;
  MessageText message = {};
};

// Why a run could not go on: an Error with its place (the data file, the block, the device
// setting, the checkpoint), so the GUI can point at it and describe() is the one line to print.
// `kind` lets the GUI pick its dialog (an out-of-memory dialog says what to change).
// `text` is the same sentence as a pattern for the studio to translate, when the engine wrote it.
// Checkpoint: the checkpoint to resume from is unusable; Save: one the run wrote could not be
// saved.
enum class RunErrorKind {
  Device,
  Data,
  Graph,
  Checkpoint,
  Save,
  OutOfMemory,
  NonFiniteLoss,
  Distributed,  // a peer process of a data-parallel run died, hung or could not be reached
  Internal
};

struct RunError : Error {
  RunErrorKind kind = RunErrorKind::Internal;
  std::string checkpoint;  // the checkpoint left behind, if any
  MessageText text;        // empty when the message came from elsewhere (a reader's Error)

  RunError() = default;
  RunError(RunErrorKind kind, Error error, std::string checkpoint = {})
      : Error(std::move(error)), kind(kind), checkpoint(std::move(checkpoint)) {}
};

// Receives a run's events on the training thread; implementations must be quick and must not
// call back into the trainer except for pause/resume/cancel.
class TrainingListener {
 public:
  virtual ~TrainingListener() = default;
  virtual void on_step(const StepMetrics&) {}
  virtual void on_epoch(const EpochMetrics&) {}
  virtual void on_state(RunState, const std::string& message) {}
  virtual void on_log(const LogLine&) {}
  virtual void on_error(const RunError&) {}
  // Once the device is chosen and the data loaded: the build, machine and data of the run.
  virtual void on_origin(const RunOrigin&) {}
};

}  // namespace convstudio
