#include "run_settings_editor.h"

#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>

#include <algorithm>
#include <limits>

#include "convstudio/model/units.h"
#include "device_text.h"

namespace convstudio {
namespace {

// The device list's second datum: how many processes (one per device) the choice starts.
constexpr int kProcessesRole = Qt::UserRole + 1;
// The device list's widest: a 1280-pixel screen keeps the canvas beside it in view.
constexpr int kDeviceListMaxWidth = 420;

QSpinBox* spinBox(QWidget* parent, const char* name, int minimum, int maximum) {
  auto* box = new QSpinBox(parent);
  box->setObjectName(QLatin1String(name));
  box->setRange(minimum, maximum);
  return box;
}

}  // namespace

RunSettingsEditor::RunSettingsEditor(QWidget* parent) : QWidget(parent) {
  createDeviceFields();
  createRunFields();
  layOutFields();
  connectFields();
  setDevices(DeviceReport{});
}

void RunSettingsEditor::createDeviceFields() {
  device_ = new QComboBox(this);
  device_->setObjectName(QStringLiteral("device"));
  // The list opens beside the canvas, not across the screen (issue 32: it ran off a 1280-pixel
  // one): long entries end in "…" and show whole on hover; why CUDA is missing is a tooltip.
  device_->view()->setTextElideMode(Qt::ElideRight);
  device_->view()->window()->setMaximumWidth(kDeviceListMaxWidth);
  syncBatchNorm_ = new QCheckBox(tr("SyncBatchNorm: batch statistics over all processes"), this);
  syncBatchNorm_->setObjectName(QStringLiteral("syncBatchNorm"));
  syncBatchNorm_->setToolTip(
      tr("BatchNorm normalises with the mean and variance of the whole batch, every process's "
         "share together, instead of each process's own (one more all-reduce per BatchNorm "
         "forward and backward). Only for several processes."));
  batch_ = spinBox(this, "batchSize", 1, 65536);
  findBatch_ = new QPushButton(tr("Find…"), this);
  findBatch_->setObjectName(QStringLiteral("findBatchSize"));
  findBatch_->setToolTip(
      tr("Try batch sizes on the chosen device: the largest that fits with a safety margin, "
         "and the fastest"));
  connect(findBatch_, &QPushButton::clicked, this, &RunSettingsEditor::batchSizeFinderRequested);
  accumulate_ = spinBox(this, "accumulate", 1, 1024);
  accumulate_->setToolTip(tr("Micro-batches whose gradients add up before each optimizer step"));
  effective_ = new QLabel(this);
  effective_->setObjectName(QStringLiteral("effectiveBatch"));
  createAmpChoice();
  createMemoryFormatChoice();
  cudnnBenchmark_ = new QCheckBox(tr("cuDNN benchmark mode (CUDA)"), this);
  cudnnBenchmark_->setObjectName(QStringLiteral("cudnnBenchmark"));
  cudnnBenchmark_->setToolTip(
      tr("cuDNN times its convolution algorithms on the first batches and keeps the fastest: "
         "faster steps when the input size is fixed; off in deterministic runs"));
  ampHint_ = new QLabel(this);
  ampHint_->setWordWrap(true);
  ampHint_->setForegroundRole(QPalette::PlaceholderText);
}

void RunSettingsEditor::createAmpChoice() {
  amp_ = new QComboBox(this);
  amp_->setObjectName(QStringLiteral("amp"));
  amp_->addItem(tr("Off (fp32)"), static_cast<int>(AmpMode::Off));
  amp_->addItem(QStringLiteral("fp16"), static_cast<int>(AmpMode::Fp16));
  amp_->addItem(QStringLiteral("bf16"), static_cast<int>(AmpMode::Bf16));
  amp_->addItem(tr("Auto"), static_cast<int>(AmpMode::Auto));
}

void RunSettingsEditor::createMemoryFormatChoice() {
  memoryFormat_ = new QComboBox(this);
  memoryFormat_->setObjectName(QStringLiteral("memoryFormat"));
  memoryFormat_->addItem(tr("Auto"), static_cast<int>(MemoryFormat::Auto));
  memoryFormat_->addItem(tr("Channels-last (NHWC)"), static_cast<int>(MemoryFormat::ChannelsLast));
  memoryFormat_->addItem(tr("NCHW"), static_cast<int>(MemoryFormat::Nchw));
  memoryFormat_->setToolTip(
      tr("How activations and convolution weights lie in memory. Channels-last is the layout "
         "oneDNN (CPU) and cuDNN (GPU, fp16 or bf16) convolve fastest. Auto uses it on the CPU "
         "in bf16 or fp16, and in fp32 when most convolution work has 16 or more channels, and "
         "on a GPU with fp16 or bf16; the run's log says which it chose. Saved weights are NCHW "
         "either way."));
}

void RunSettingsEditor::createRunFields() {
  epochs_ = spinBox(this, "epochs", 1, 100000);
  maxSteps_ = spinBox(this, "maxSteps", 0, std::numeric_limits<int>::max());
  maxSteps_->setSpecialValueText(tr("no limit"));
  validateEvery_ = spinBox(this, "validateEvery", 0, std::numeric_limits<int>::max());
  validateEvery_->setSpecialValueText(tr("at each epoch's end"));
  validateEvery_->setPrefix(tr("also every "));
  validateEvery_->setSuffix(tr(" step(s)"));
  validateEvery_->setToolTip(
      tr("Validation runs at the end of each epoch and at the end of the run, also when the step "
         "limit stops it part-way through an epoch. A number here validates also every that "
         "many optimizer steps: the charts show those points, and the best checkpoint may come "
         "from one. Early stopping still counts epochs."));
  seed_ = spinBox(this, "seed", 0, std::numeric_limits<int>::max());
  deterministic_ = new QCheckBox(tr("Deterministic (reproducible, slower)"), this);
  deterministic_->setObjectName(QStringLiteral("deterministic"));
  checkpointEvery_ = spinBox(this, "checkpointEvery", 0, 1000);
  checkpointEvery_->setSpecialValueText(tr("only at the end"));
  checkpointEvery_->setPrefix(tr("every "));
  checkpointEvery_->setSuffix(tr(" epoch(s)"));
  keepBest_ = new QCheckBox(tr("Keep the best validation checkpoint"), this);
  keepBest_->setObjectName(QStringLiteral("keepBest"));
  earlyStopping_ = spinBox(this, "earlyStopping", 0, 1000);
  earlyStopping_->setSpecialValueText(tr("off"));
  earlyStopping_->setSuffix(tr(" epoch(s) without improvement"));
  autoOom_ = new QCheckBox(tr("On out of memory: halve the batch, double accumulation"), this);
  autoOom_->setObjectName(QStringLiteral("autoOomRetry"));
  workers_ = spinBox(this, "loaderWorkers", 0, 64);
  workers_->setToolTip(tr("Threads that decode and augment batches ahead of training"));
}

void RunSettingsEditor::layOutFields() {
  auto* form = new QFormLayout(this);
  auto* batchRow = new QHBoxLayout;
  batchRow->addWidget(batch_, 1);
  batchRow->addWidget(findBatch_);
  auto* accumulateRow = new QHBoxLayout;
  accumulateRow->addWidget(accumulate_);
  accumulateRow->addWidget(effective_, 1);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Device:"), device_);
  form->addRow(QString(), syncBatchNorm_);
  form->addRow(tr("Batch size:"), batchRow);
  form->addRow(tr("Accumulation:"), accumulateRow);
  form->addRow(tr("Mixed precision:"), amp_);
  form->addRow(QString(), ampHint_);
  form->addRow(tr("Memory format:"), memoryFormat_);
  form->addRow(QString(), cudnnBenchmark_);
  form->addRow(tr("Epochs:"), epochs_);
  form->addRow(tr("Step limit:"), maxSteps_);
  form->addRow(tr("Validation:"), validateEvery_);
  form->addRow(tr("Seed:"), seed_);
  form->addRow(QString(), deterministic_);
  form->addRow(tr("Checkpoint:"), checkpointEvery_);
  form->addRow(QString(), keepBest_);
  form->addRow(tr("Early stopping:"), earlyStopping_);
  form->addRow(tr("Memory:"), autoOom_);
  form->addRow(tr("Loader threads:"), workers_);
}

void RunSettingsEditor::connectFields() {
  for (QComboBox* box : {device_, amp_, memoryFormat_}) {
    connect(box, &QComboBox::currentIndexChanged, this, [this] {
      updateDerived();
      emit edited();
    });
  }
  for (QSpinBox* box : {batch_, accumulate_, epochs_, maxSteps_, validateEvery_, seed_,
                        checkpointEvery_, earlyStopping_, workers_}) {
    connect(box, &QSpinBox::valueChanged, this, [this] {
      updateDerived();
      emit edited();
    });
  }
  for (QCheckBox* box : {deterministic_, keepBest_, autoOom_, cudnnBenchmark_, syncBatchNorm_}) {
    connect(box, &QCheckBox::toggled, this, &RunSettingsEditor::edited);
  }
}

void RunSettingsEditor::setDevices(const DeviceReport& devices) {
  const QString current = device_->currentData().toString();
  const std::int64_t currentProcesses = device_->currentData(kProcessesRole).toLongLong();
  const QSignalBlocker blocker(device_);
  device_->clear();
  addDevice(tr("Automatic (a GPU when there is one)"), QStringLiteral("auto"));
  addDevice(devices.cpu.model.empty() ? tr("CPU")
                                      : tr("CPU — %1, %2 threads")
                                            .arg(QString::fromStdString(devices.cpu.model))
                                            .arg(devices.cpu.hardware_threads),
            QStringLiteral("cpu"));
  for (const CudaDevice& gpu : devices.cuda_devices) {
    addDevice(tr("cuda:%1 — %2, %3")
                  .arg(gpu.index)
                  .arg(QString::fromStdString(gpu.name),
                       QString::fromStdString(format_bytes(gpu.total_memory_bytes))),
              QStringLiteral("cuda:%1").arg(gpu.index));
  }
  if (!devices.cuda_available) {
    addDevice(tr("CUDA — not available"), QStringLiteral("cuda"));
    device_->setItemData(device_->count() - 1,
                         tr("CUDA — not available: %1").arg(cudaUnavailableText(devices)),
                         Qt::ToolTipRole);
    // Shown so the user learns why, but not selectable.
    auto* model = qobject_cast<QStandardItemModel*>(device_->model());
    if (model) model->item(device_->count() - 1)->setEnabled(false);
  }
  // Data-parallel runs: one process per device, the batch size per process.
  const int gpus = static_cast<int>(devices.cuda_devices.size());
  for (int count = 2; count <= gpus; ++count) {
    addDevice(tr("%1 GPUs, one process each (cuda:0–%2, data-parallel)").arg(count).arg(count - 1),
              QStringLiteral("cuda"), count);
  }
  for (int count = 2; count <= devices.cpu.hardware_threads; ++count) {
    addDevice(tr("CPU × %1 processes (data-parallel, to try it on one machine)").arg(count),
              QStringLiteral("cpu"), count);
  }
  selectDevice(current.isEmpty() ? QStringLiteral("auto") : current,
               std::max<std::int64_t>(1, currentProcesses));
}

void RunSettingsEditor::addDevice(const QString& text, const QString& device,
                                  std::int64_t processes) {
  device_->addItem(text, device);
  device_->setItemData(device_->count() - 1, text, Qt::ToolTipRole);  // the whole of an elided one
  device_->setItemData(device_->count() - 1, QVariant::fromValue<qlonglong>(processes),
                       kProcessesRole);
}

void RunSettingsEditor::selectDevice(const QString& device, std::int64_t processes) {
  int index = -1;
  for (int i = 0; i < device_->count() && index < 0; ++i) {
    if (device_->itemData(i).toString() == device &&
        device_->itemData(i, kProcessesRole).toLongLong() == processes) {
      index = i;
    }
  }
  if (index < 0) {
    // A project from another machine may name a device this one lacks; keep it visible.
    addDevice(processes > 1
                  ? tr("%1 × %2 processes (not on this machine)").arg(device).arg(processes)
                  : tr("%1 (not on this machine)").arg(device),
              device, processes);
    index = device_->count() - 1;
  }
  device_->setCurrentIndex(index);
}

void RunSettingsEditor::load(const TrainingSettings& s) {
  const QList<QWidget*> fields = findChildren<QWidget*>();
  for (QWidget* field : fields) field->blockSignals(true);
  selectDevice(QString::fromStdString(s.device), s.processes);
  syncBatchNorm_->setChecked(s.sync_batch_norm);
  batch_->setValue(static_cast<int>(s.batch_size));
  accumulate_->setValue(static_cast<int>(s.accumulate));
  amp_->setCurrentIndex(amp_->findData(static_cast<int>(s.amp)));
  memoryFormat_->setCurrentIndex(memoryFormat_->findData(static_cast<int>(s.memory_format)));
  cudnnBenchmark_->setChecked(s.cudnn_benchmark);
  epochs_->setValue(static_cast<int>(s.epochs));
  maxSteps_->setValue(static_cast<int>(s.max_steps));
  validateEvery_->setValue(static_cast<int>(s.validation.every_steps));
  seed_->setValue(static_cast<int>(s.seed));
  deterministic_->setChecked(s.deterministic);
  checkpointEvery_->setValue(static_cast<int>(s.validation.checkpoint_every_epochs));
  keepBest_->setChecked(s.validation.keep_best);
  earlyStopping_->setValue(static_cast<int>(s.validation.early_stopping_patience));
  autoOom_->setChecked(s.auto_oom_retry);
  workers_->setValue(static_cast<int>(s.loader_workers));
  for (QWidget* field : fields) field->blockSignals(false);
  updateDerived();
}

void RunSettingsEditor::store(TrainingSettings& s) const {
  s.device = device_->currentData().toString().toStdString();
  s.processes = device_->currentData(kProcessesRole).toLongLong();
  s.sync_batch_norm = syncBatchNorm_->isChecked();
  s.batch_size = batch_->value();
  s.accumulate = accumulate_->value();
  s.amp = static_cast<AmpMode>(amp_->currentData().toInt());
  s.memory_format = static_cast<MemoryFormat>(memoryFormat_->currentData().toInt());
  s.cudnn_benchmark = cudnnBenchmark_->isChecked();
  s.epochs = epochs_->value();
  s.max_steps = maxSteps_->value();
  s.validation.every_steps = validateEvery_->value();
  s.seed = seed_->value();
  s.deterministic = deterministic_->isChecked();
  s.validation.checkpoint_every_epochs = checkpointEvery_->value();
  s.validation.keep_best = keepBest_->isChecked();
  s.validation.early_stopping_patience = earlyStopping_->value();
  s.auto_oom_retry = autoOom_->isChecked();
  s.loader_workers = workers_->value();
}

QString RunSettingsEditor::ampExplanation(AmpMode mode) {
  switch (mode) {
    case AmpMode::Off:
      return tr("Everything in 32-bit floats: the most memory, no surprises.");
    case AmpMode::Fp16:
      return tr(
          "16-bit floats where safe, with loss scaling: about half the activation memory "
          "and faster on GPUs with tensor cores.");
    case AmpMode::Bf16:
      return tr(
          "bfloat16 where safe: fp32's range, so no loss scaling; needs an Ampere or newer "
          "GPU (or a recent CPU).");
    case AmpMode::Auto:
      return tr(
          "bf16 where the device computes it natively (CPUs with AVX512-BF16 or AMX, GPUs of "
          "compute capability 8.0 and later), fp16 on older tensor-core GPUs, fp32 elsewhere; "
          "the log says which.");
  }
  return {};
}

void RunSettingsEditor::updateDerived() {
  const qint64 processes = std::max<qint64>(1, device_->currentData(kProcessesRole).toLongLong());
  const qint64 effective = static_cast<qint64>(batch_->value()) * accumulate_->value();
  effective_->setText(processes > 1 ? tr("effective batch %1 (%2 per process × %3 processes)")
                                          .arg(effective * processes)
                                          .arg(effective)
                                          .arg(processes)
                                    : tr("effective batch %1").arg(effective));
  syncBatchNorm_->setEnabled(processes > 1);
  ampHint_->setText(ampExplanation(static_cast<AmpMode>(amp_->currentData().toInt())));
}

}  // namespace convstudio
