#include "convstudio/model/setting_rules.h"

#include <algorithm>
#include <filesystem>

#include "convstudio/model/dataset_format.h"
#include "convstudio/model/optimizer_spec.h"
#include "setting_messages.h"

namespace convstudio {
namespace {

namespace m = setting_messages;
using Severity = SettingProblem::Severity;
using Problems = std::vector<SettingProblem>;

template <typename... Args>
void add(Problems& out, Severity severity, std::string setting, const char* pattern, Args... args) {
  out.push_back({severity, std::move(setting), MessageText{pattern, {std::string(args)...}}});
}

std::string text(std::int64_t value) {
  return std::to_string(value);
}

void check_dataset(const DatasetSettings& d, Problems& out) {
  const DatasetFormat& format = dataset_format(d.source);
  const bool file = format.path == DatasetPath::File;
  std::error_code ec;
  if (format.path != DatasetPath::BuiltIn && d.path.empty()) {
    add(out, Severity::Error, "dataset.path", file ? m::kChooseCsv : m::kChooseFolder);
  } else if (file && !std::filesystem::is_regular_file(d.path, ec)) {
    add(out, Severity::Error, "dataset.path", m::kNoLabelsFile, d.path);
  } else if (!file && !d.path.empty() && !std::filesystem::is_directory(d.path, ec)) {
    add(out, Severity::Error, "dataset.path", m::kNoDatasetFolder, d.path);
  }
  if (d.validation == ValidationSplit::Fraction &&
      (d.validation_fraction <= 0 || d.validation_fraction >= 1)) {
    add(out, Severity::Error, "dataset.validation_fraction", m::kValidationShare);
  }
  if (d.validation == ValidationSplit::Fold && d.validation_fold >= d.folds) {
    add(out, Severity::Error, "dataset.validation_fold", m::kNoSuchFold, text(d.validation_fold),
        text(d.folds));
  }
  // Clothes survive a mirror; digits and letters may not: a hint where the format says so.
  if (d.augmentation.horizontal_flip && format.warn_on_mirror) {
    add(out, Severity::Warning, "dataset.augmentation.horizontal_flip", m::kMirroredDigits);
  }
}

void check_device(const TrainingSettings& t, const DeviceReport& devices, Problems& out) {
  const std::optional<DeviceChoice> device = parse_device(t.device);
  if (!device) return add(out, Severity::Error, "training.device", m::kUnknownDevice, t.device);
  const bool names_cuda = device->kind == DeviceChoice::Kind::Cuda;
  if (names_cuda && !devices.cuda_available) {
    return add(out, Severity::Error, "training.device", m::kCudaUnavailable,
               devices.cuda_unavailable_reason);
  }
  const auto gpus = static_cast<std::int64_t>(devices.cuda_devices.size());
  if (names_cuda && device->cuda_index() >= gpus) {
    return add(out, Severity::Error, "training.device", m::kNoSuchGpu, text(device->cuda_index()),
               text(gpus));
  }
  const bool on_cpu = !device->uses_cuda(devices.cuda_available);
  // A data-parallel run on GPUs gives rank K cuda:K, so it needs that many.
  if (!on_cpu && t.processes > gpus) {
    return add(out, Severity::Error, "training.device", m::kTooFewGpus, text(t.processes),
               text(gpus));
  }
  if (on_cpu && t.amp == AmpMode::Fp16) add(out, Severity::Warning, "training.amp", m::kFp16OnCpu);
  if (!on_cpu && t.amp == AmpMode::Bf16 && gpus > 0) {
    const CudaDevice& gpu = devices.cuda_devices.front();
    if (gpu.compute_major > 0 && gpu.compute_major < 8) {
      add(out, Severity::Warning, "training.amp", m::kSlowBf16, gpu.name, text(gpu.compute_major),
          text(gpu.compute_minor));
    }
  }
  if (t.deterministic && !on_cpu) {
    add(out, Severity::Warning, "training.deterministic", m::kDeterministicOnGpu);
  }
}

void check_optimizer(const TrainingSettings& t, Problems& out) {
  if (!(t.optimizer.lr > 0)) add(out, Severity::Error, "training.lr", m::kLrNotPositive);
  if (t.optimizer.lr > 1) add(out, Severity::Warning, "training.lr", m::kLrAboveOne);
  if (t.optimizer.weight_decay < 0)
    add(out, Severity::Error, "training.weight_decay", m::kNegativeWeightDecay);
  if (t.optimizer.clip_grad_norm < 0) {
    add(out, Severity::Error, "training.clip_grad_norm", m::kNegativeClipNorm);
  }
  // The optimizer leaves Nesterov out in both cases (its home builds it), so the run is sound.
  const OptimizerSpec& optimizer = optimizer_spec(t.optimizer.kind);
  if (t.optimizer.nesterov && !optimizer.uses("nesterov")) {
    add(out, Severity::Warning, "training.nesterov", m::kNesterovSgdOnly,
        to_string(t.optimizer.kind));
  } else if (t.optimizer.nesterov && t.optimizer.momentum <= 0) {
    add(out, Severity::Warning, "training.nesterov", m::kNesterovNeedsMomentum);
  }
  if (optimizer.weight_decay_warning != nullptr && t.optimizer.weight_decay > 0) {
    add(out, Severity::Warning, "training.weight_decay", optimizer.weight_decay_warning);
  }
  // The trainer keeps the warm-up to half the run (training_run.cpp), so a long one is shortened.
  if (t.max_steps > 0 && t.schedule.warmup_steps > t.max_steps / 2) {
    add(out, Severity::Warning, "training.warmup_steps", m::kLongWarmup,
        text(t.schedule.warmup_steps), text(t.max_steps), text(t.max_steps / 2));
  }
  if (t.schedule.kind == LrSchedule::Step && t.schedule.step_size_epochs >= t.epochs) {
    add(out, Severity::Warning, "training.step_size_epochs", m::kStepNeverDrops,
        text(t.schedule.step_size_epochs), text(t.epochs));
  }
}

void check_run(const TrainingSettings& t, Problems& out) {
  if (t.batch_size < 1) add(out, Severity::Error, "training.batch_size", m::kBatchBelowOne);
  if (t.accumulate < 1) add(out, Severity::Error, "training.accumulate", m::kAccumulateBelowOne);
  if (t.epochs < 1) add(out, Severity::Error, "training.epochs", m::kNoEpochs);
  if (t.auto_oom_retry && t.batch_size < 2) {
    add(out, Severity::Warning, "training.auto_oom_retry", m::kOomRetryAtOne);
  }
  if (!t.validation.keep_best && t.validation.checkpoint_every_epochs == 0) {
    add(out, Severity::Warning, "training.checkpoint_every_epochs", m::kOnlyFinalCheckpoint);
  }
  if (t.validation.early_stopping_patience > 0 &&
      t.validation.early_stopping_patience >= t.epochs) {
    add(out, Severity::Warning, "training.early_stopping_patience", m::kEarlyStoppingNever,
        text(t.validation.early_stopping_patience), text(t.epochs));
  }
}

void check_loss(const DatasetSettings& d, const TrainingSettings& t, Problems& out) {
  // Segmentation data (a format with masks) has a class per pixel, not per image.
  if (dataset_format(d.source).masks) {
    if (t.loss.mixes()) {
      add(out, Severity::Error,
          t.loss.mixup_alpha > 0 && t.loss.mixup_probability > 0 ? "training.mixup_alpha"
                                                                 : "training.cutmix_alpha",
          m::kMixingMasks);
    }
    if (t.loss.sampler == SamplerKind::ClassBalanced) {
      add(out, Severity::Error, "training.sampler", m::kBalancedMasks);
    }
  }
  if (!is_valid_class_weights(t.loss.class_weights)) {
    add(out, Severity::Error, "training.class_weights", m::kBadClassWeights, t.loss.class_weights);
  }
  if (t.loss.sampler == SamplerKind::ClassBalanced && t.loss.class_weights == "balanced") {
    add(out, Severity::Warning, "training.sampler", m::kBalancedTwice);
  }
}

}  // namespace

std::vector<SettingProblem> check_settings(const DatasetSettings& dataset,
                                           const TrainingSettings& training,
                                           const DeviceReport& devices) {
  Problems out;
  check_dataset(dataset, out);
  check_device(training, devices, out);
  check_optimizer(training, out);
  check_run(training, out);
  check_loss(dataset, training, out);
  return out;
}

bool has_setting_errors(const std::vector<SettingProblem>& problems) {
  return std::any_of(problems.begin(), problems.end(),
                     [](const SettingProblem& p) { return p.severity == Severity::Error; });
}

}  // namespace convstudio
