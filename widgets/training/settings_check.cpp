#include "settings_check.h"

#include <QDir>
#include <QFileInfo>

#include "convstudio/model/dataset_format.h"
#include "device_text.h"

namespace convstudio {
namespace {

using Severity = SettingsProblem::Severity;

}  // namespace

std::vector<SettingsProblem> SettingsCheck::run(const DatasetSettings& dataset,
                                                const TrainingSettings& training,
                                                const DeviceReport& devices) {
  std::vector<SettingsProblem> out;
  checkDataset(dataset, out);
  checkDevice(training, devices, out);
  checkOptimizer(training, out);
  const TrainingSettings& t = training;
  if (t.batch_size < 1)
    out.push_back({Severity::Error, "batchSize", tr("The batch size must be at least 1.")});
  if (t.accumulate < 1)
    out.push_back(
        {Severity::Error, "accumulate", tr("Gradient accumulation must be at least 1 batch.")});
  if (t.epochs < 1) out.push_back({Severity::Error, "epochs", tr("Train for at least one epoch.")});
  if (t.auto_oom_retry && t.batch_size < 2) {
    out.push_back(
        {Severity::Warning, "autoOomRetry",
         tr("Automatic out-of-memory recovery halves the batch; with batch 1 it cannot.")});
  }
  if (t.keep_best == false && t.checkpoint_every_epochs == 0) {
    out.push_back({Severity::Warning, "checkpointEvery",
                   tr("Only the final checkpoint is written; a crash loses the whole run.")});
  }
  if (t.early_stopping_patience > 0 && t.early_stopping_patience >= t.epochs) {
    out.push_back({Severity::Warning, "earlyStopping",
                   tr("Early stopping after %1 epochs without improvement can never trigger in a "
                      "run of %2 epochs.")
                       .arg(t.early_stopping_patience)
                       .arg(t.epochs)});
  }
  return out;
}

bool SettingsCheck::hasErrors(const std::vector<SettingsProblem>& problems) {
  return std::any_of(problems.begin(), problems.end(),
                     [](const SettingsProblem& p) { return p.severity == Severity::Error; });
}

void SettingsCheck::checkDataset(const DatasetSettings& d, std::vector<SettingsProblem>& out) {
  const QString path = QString::fromStdString(d.path);
  const DatasetFormat& format = dataset_format(d.source);
  const bool file = format.path == DatasetPath::File;
  if (format.path != DatasetPath::BuiltIn && path.isEmpty()) {
    out.push_back({Severity::Error, "datasetPath",
                   file ? tr("Choose the CSV file that lists the images and their labels.")
                        : tr("Choose the folder that holds the dataset.")});
  } else if (file && !QFileInfo(path).isFile()) {
    out.push_back(
        {Severity::Error, "datasetPath", tr("The labels file %1 does not exist.").arg(path)});
  } else if (!file && !path.isEmpty() && !QFileInfo(path).isDir()) {
    out.push_back(
        {Severity::Error, "datasetPath", tr("The dataset folder %1 does not exist.").arg(path)});
  }
  if (d.validation == ValidationSplit::Fraction &&
      (d.validation_fraction <= 0 || d.validation_fraction >= 1)) {
    out.push_back({Severity::Error, "validationFraction",
                   tr("The validation share must be between 0 and 100% (exclusive).")});
  }
  // Clothes survive a mirror; digits and letters may not: a hint where the format says so.
  if (d.augmentation.horizontal_flip && format.warn_on_mirror) {
    out.push_back({Severity::Warning, "hflip",
                   tr("Mirroring changes the meaning of digits and letters; check the preview.")});
  }
}

void SettingsCheck::checkDevice(const TrainingSettings& t, const DeviceReport& devices,
                                std::vector<SettingsProblem>& out) {
  const std::optional<DeviceChoice> device = parse_device(t.device);
  if (!device) {
    out.push_back({Severity::Error, "device",
                   tr("Unknown device %1.").arg(QString::fromStdString(t.device))});
    return;
  }
  const bool namesCuda = device->kind == DeviceChoice::Kind::Cuda;
  if (namesCuda && !devices.cuda_available) {
    out.push_back(
        {Severity::Error, "device",
         tr("CUDA is not available (%1); choose the CPU.").arg(cudaUnavailableText(devices))});
    return;
  }
  if (namesCuda) {
    const int index = device->cuda_index();
    if (index >= static_cast<int>(devices.cuda_devices.size())) {
      out.push_back({Severity::Error, "device",
                     tr("There is no CUDA device %1; this machine has %2.")
                         .arg(index)
                         .arg(devices.cuda_devices.size())});
      return;
    }
  }
  const bool onCpu = !device->uses_cuda(devices.cuda_available);
  // A data-parallel run on GPUs gives rank K cuda:K, so it needs that many.
  if (!onCpu && t.processes > static_cast<std::int64_t>(devices.cuda_devices.size())) {
    out.push_back({Severity::Error, "device",
                   tr("%1 processes need %1 GPUs; this machine has %2.")
                       .arg(t.processes)
                       .arg(devices.cuda_devices.size())});
    return;
  }
  if (onCpu && t.amp == AmpMode::Fp16) {
    out.push_back({Severity::Warning, "amp",
                   tr("fp16 on the CPU is slow and saves nothing; use bf16 or turn AMP off.")});
  }
  if (!onCpu && t.amp == AmpMode::Bf16 && !devices.cuda_devices.empty()) {
    const CudaDevice& gpu = devices.cuda_devices.front();
    if (gpu.compute_major > 0 && gpu.compute_major < 8) {
      out.push_back(
          {Severity::Warning, "amp",
           tr("%1 has no fast bf16 (compute capability %2.%3 < 8.0); fp16 is faster there.")
               .arg(QString::fromStdString(gpu.name))
               .arg(gpu.compute_major)
               .arg(gpu.compute_minor)});
    }
  }
  if (t.deterministic && !onCpu) {
    out.push_back(
        {Severity::Warning, "deterministic",
         tr("Deterministic algorithms are slower on the GPU, and some layers have none.")});
  }
}

void SettingsCheck::checkOptimizer(const TrainingSettings& t, std::vector<SettingsProblem>& out) {
  if (!(t.lr > 0)) out.push_back({Severity::Error, "lr", tr("The learning rate must be above 0.")});
  if (t.lr > 1)
    out.push_back(
        {Severity::Warning, "lr", tr("A learning rate above 1 usually makes the loss diverge.")});
  if (t.weight_decay < 0)
    out.push_back({Severity::Error, "weightDecay", tr("Weight decay cannot be negative.")});
  if (t.clip_grad_norm < 0)
    out.push_back({Severity::Error, "clipGradNorm",
                   tr("The clipping norm cannot be negative (0 turns clipping off).")});
  if (t.nesterov && t.optimizer != OptimizerKind::Sgd) {
    out.push_back({Severity::Error, "nesterov", tr("Nesterov momentum applies to SGD only.")});
  } else if (t.nesterov && t.momentum <= 0) {
    out.push_back({Severity::Error, "nesterov", tr("Nesterov momentum needs a momentum above 0.")});
  }
  if (t.optimizer == OptimizerKind::Adam && t.weight_decay > 0) {
    out.push_back({Severity::Warning, "weightDecay",
                   tr("Adam adds weight decay to the gradient; AdamW decouples it and usually "
                      "generalises better.")});
  }
  if (t.max_steps > 0 && t.warmup_steps >= t.max_steps) {
    out.push_back({Severity::Error, "warmupSteps",
                   tr("The warm-up (%1 steps) is as long as the whole run (%2 steps).")
                       .arg(t.warmup_steps)
                       .arg(t.max_steps)});
  }
  if (t.schedule == LrSchedule::Step && t.step_size_epochs >= t.epochs) {
    out.push_back({Severity::Warning, "stepSize",
                   tr("The step schedule lowers the rate every %1 epochs; a run of %2 epochs never "
                      "reaches the first drop.")
                       .arg(t.step_size_epochs)
                       .arg(t.epochs)});
  }
}

}  // namespace convstudio
