#pragma once
// How a model is trained: the training half of a project file.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "convstudio/model/block_analysis.h"
#include "convstudio/model/loss_settings.h"

namespace convstudio {

// Auto: the engine picks bf16 where the device computes it natively (a CPU with AVX-512 BF16 or
// AMX, a GPU of compute capability 8.0 or later) and off elsewhere, and says which it chose.
enum class AmpMode { Off, Fp16, Bf16, Auto };
enum class OptimizerKind { Sgd, Adam, AdamW };  // a position in optimizers.def (optimizer_spec.h)
enum class LrSchedule { Constant, Step, Cosine, OneCycle };
// How activations and convolution weights lie in memory. Channels-last (NHWC) is the layout
// oneDNN and cuDNN convolve fastest; Auto picks it where it pays (memory_format_rule below) and
// the run's log says which it chose, as Auto precision does.
enum class MemoryFormat { Auto, Nchw, ChannelsLast };

// How each optimizer step changes the weights: which optimizer (its home in
// engine/src/optimizers/ reads only these), the learning rate, and the gradient clipping.
struct OptimizerSettings {
  OptimizerKind kind = OptimizerKind::Sgd;
  double lr = 0.01;
  // Fine-tuning: blocks that start from pretrained weights (the project's starting weights file)
  // learn at lr × this; blocks new to the model (a fresh head) learn at lr. 1 = no difference.
  double pretrained_lr_multiplier = 1;
  double momentum = 0.9;  // for the optimizers that read it (OptimizerSpec::settings)
  bool nesterov = false;  // SGD only
  double weight_decay = 0;
  double clip_grad_norm = 0;  // 0 = off

  bool operator==(const OptimizerSettings&) const = default;
};

// How the learning rate moves over the run (the run's LearningRateSchedule is planned from these).
struct LrScheduleSettings {
  LrSchedule kind = LrSchedule::Constant;
  std::int64_t warmup_steps = 0;
  std::int64_t step_size_epochs = 1;  // Step schedule
  double step_gamma = 0.1;            // Step schedule

  bool operator==(const LrScheduleSettings&) const = default;
};

// When the run validates and what follows a validation: the checkpoints it keeps (the best by
// validation accuracy, the last every N epochs) and early stopping (on the validation loss).
struct ValidationSettings {
  // Validate also every this many optimizer steps (0 = off: at each epoch's end and at the
  // run's end only). Early stopping still counts epochs, not these validations.
  std::int64_t every_steps = 0;
  std::int64_t checkpoint_every_epochs = 1;  // 0 = only at the run's end
  bool keep_best = true;
  std::int64_t early_stopping_patience = 0;  // epochs; 0 = off

  bool operator==(const ValidationSettings&) const = default;
};

// Every training option with its default, declared once; the project file, the CLI flags and
// the GUI read and write this struct rather than spelling keys and defaults themselves. Options
// that one part of the run reads together are grouped; the project file, sweeps and CLI flags
// still name each one flat ("lr", not "optimizer.lr"): the setting table maps keys to members.
struct TrainingSettings {
  std::string device = "auto";  // "auto" | "cpu" | "cuda" | "cuda:K"
  // Data-parallel: processes of one run on this machine, one per device (issue 17). With "cpu",
  // N processes share the CPU ("CPU × N", to try it on one machine); with "cuda", rank K trains
  // on cuda:K. 1: an ordinary run. The batch size is per process.
  std::int64_t processes = 1;
  // Data-parallel: BatchNorm2d blocks normalise training batches with the statistics of all
  // processes' shards together (SyncBatchNorm) instead of each process's own. No effect with one.
  bool sync_batch_norm = false;
  std::int64_t batch_size = 64;
  std::int64_t accumulate = 1;  // micro-batches per optimizer step
  AmpMode amp = AmpMode::Off;
  // Weights are saved in the usual (NCHW) order whichever the run uses.
  MemoryFormat memory_format = MemoryFormat::Auto;
  // CUDA only: cuDNN times its convolution algorithms on the first batches and keeps the
  // fastest (faster steps for fixed input sizes; the first steps are slower, results may vary).
  bool cudnn_benchmark = false;
  std::int64_t epochs = 1;
  std::int64_t max_steps = 0;  // optimizer steps; 0 = unlimited
  OptimizerSettings optimizer;
  LrScheduleSettings schedule;
  std::int64_t seed = 42;
  bool deterministic = false;
  ValidationSettings validation;
  bool auto_oom_retry = false;  // on out-of-memory: half the batch, twice the accumulation
  std::int64_t loader_workers = 2;
  LossSettings loss;  // class weights, label smoothing, the best-checkpoint metric

  bool operator==(const TrainingSettings&) const = default;
};

// The most processes one machine starts for a data-parallel run (project file, CLI, studio).
inline constexpr std::int64_t kMaxProcesses = 1024;

// The range pretrained_lr_multiplier takes (project file, CLI and studio alike).
inline constexpr double kMinLrMultiplier = 0.0001;
inline constexpr double kMaxLrMultiplier = 10;

std::string to_string(AmpMode mode);         // "off" | "fp16" | "bf16" | "auto"
std::string to_string(OptimizerKind kind);   // its registered name: "sgd", "adamw"
std::string to_string(LrSchedule schedule);  // "constant" | "step" | "cosine" | "onecycle"
std::string to_string(MemoryFormat format);  // "auto" | "nchw" | "channels_last"
std::optional<AmpMode> parse_amp_mode(std::string_view text);
std::optional<OptimizerKind> parse_optimizer_kind(std::string_view text);
std::optional<LrSchedule> parse_lr_schedule(std::string_view text);
std::optional<MemoryFormat> parse_memory_format(std::string_view text);

// Whether a run uses channels-last, and why when the setting was Auto: the one rule the trainer,
// the profiler, the tuning tools and the memory estimate follow. Auto takes channels-last for a
// model with convolutions on the CPU, where LibTorch convolves through oneDNN (inductor makes the
// same choice: `decide_layout_opt`): always in bf16 or fp16, which oneDNN reorders out of NCHW at
// every convolution, and in fp32 when most of the convolution work is wide (ConvolutionWork); and
// on a GPU with fp16 or bf16 (cuDNN's tensor-core kernels are NHWC). NCHW otherwise. `amp` is the
// resolved one.
struct MemoryFormatRule {
  bool channels_last = false;
  enum class Reason { Asked, NoConvolutions, CpuOneDnn, CpuNarrowFp32, GpuMixedPrecision, GpuFp32 };
  Reason reason = Reason::Asked;
};
MemoryFormatRule memory_format_rule(MemoryFormat format, bool on_cuda, AmpMode amp,
                                    const ConvolutionWork& work);
// True for "auto", "cpu", "cuda" and "cuda:K" with K a non-negative integer.
bool is_valid_device(std::string_view text);

// A device setting taken apart, so no caller parses "cuda:K" itself.
struct DeviceChoice {
  enum class Kind { Auto, Cpu, Cuda };
  Kind kind = Kind::Auto;
  int index = 0;  // the GPU of "cuda:K"; "cuda" means the first one (0)

  // Whether a run trains on a GPU: "auto" takes the first GPU when CUDA is available.
  bool uses_cuda(bool cuda_available) const {
    return kind == Kind::Cuda || (kind == Kind::Auto && cuda_available);
  }
  // The GPU a run uses when it uses one (the first for "auto" and "cuda").
  int cuda_index() const { return kind == Kind::Cuda ? index : 0; }
};
// nullopt for anything is_valid_device refuses.
std::optional<DeviceChoice> parse_device(std::string_view text);
// The setting that names exactly this device: "cuda:K", or "cpu", or "auto".
std::string to_string(const DeviceChoice& choice);

}  // namespace convstudio
