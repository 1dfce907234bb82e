#include "training_progress_view.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

#include "convstudio/model/units.h"
#include "rank_load_view.h"

namespace convstudio {
namespace {

// Four times a second: each label change lays the dock out again, and on a CPU run that time is
// taken from training (gui_bench).
constexpr int kLabelIntervalMs = 250;

QString bytes(std::uint64_t value) {
  return QString::fromStdString(format_bytes(value));
}

}  // namespace

TrainingProgressView::TrainingProgressView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("trainingProgress"));
  createButtons();
  // Two rows, so the dock fits beside the charts on a 1280-pixel-wide screen.
  auto* runButtons = new QHBoxLayout;
  for (QPushButton* button : {buttons_.start, buttons_.pause, buttons_.stop})
    runButtons->addWidget(button);
  runButtons->addStretch();
  auto* moreButtons = new QHBoxLayout;
  for (QPushButton* button : {buttons_.resumeCheckpoint, buttons_.release})
    moreButtons->addWidget(button);
  moreButtons->addStretch();

  epoch_ = new QProgressBar(this);
  epoch_->setObjectName(QStringLiteral("epochProgress"));
  overall_ = new QProgressBar(this);
  overall_->setObjectName(QStringLiteral("overallProgress"));
  epochLabel_ = new QLabel(tr("Epoch"), this);
  overallLabel_ = new QLabel(tr("Overall"), this);
  speed_ = new QLabel(this);
  speed_->setWordWrap(true);  // a long line must not widen the dock
  utilisation_ = new QLabel(this);
  utilisation_->setObjectName(QStringLiteral("utilisation"));
  utilisation_->setWordWrap(true);
  utilisation_->setToolTip(
      tr("Achieved FLOP/s = what one sample costs (2 FLOPs per multiply-accumulate for the "
         "forward pass, and again for each gradient backward computes: none through frozen "
         "blocks before the first trainable one, none for frozen weights) × samples/s, as a "
         "share of the device's peak: the best of several large matrix multiplies in the run's "
         "precision, measured again when the machine was busy or a rate exceeds it. With "
         "several processes, the peak is the sum of each process's share"));
  status_ = new QLabel(tr("Ready."), this);
  status_->setObjectName(QStringLiteral("trainingStatus"));
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  status_->setWordWrap(true);

  auto* bars = new QGridLayout;
  bars->addWidget(epochLabel_, 0, 0);
  bars->addWidget(epoch_, 0, 1);
  bars->addWidget(overallLabel_, 1, 0);
  bars->addWidget(overall_, 1, 1);
  bars->setColumnStretch(1, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->addLayout(runButtons);
  layout->addLayout(moreButtons);
  layout->addLayout(bars);
  layout->addWidget(speed_);
  layout->addWidget(utilisation_);
  rankLoad_ = new RankLoadView(this);
  layout->addWidget(rankLoad_);
  layout->addWidget(status_);
  layout->addStretch();

  labelTimer_ = new QTimer(this);
  labelTimer_->setInterval(kLabelIntervalMs);
  connect(labelTimer_, &QTimer::timeout, this, &TrainingProgressView::updateLabels);
  updateButtons();
}

void TrainingProgressView::createButtons() {
  buttons_.start = new QPushButton(tr("Start"), this);
  buttons_.start->setObjectName(QStringLiteral("startTraining"));
  buttons_.pause = new QPushButton(tr("Pause"), this);
  buttons_.pause->setObjectName(QStringLiteral("pauseTraining"));
  buttons_.stop = new QPushButton(tr("Stop"), this);
  buttons_.stop->setObjectName(QStringLiteral("stopTraining"));
  buttons_.stop->setToolTip(tr("Stops within one batch and keeps a checkpoint to resume from"));
  buttons_.resumeCheckpoint = new QPushButton(tr("Resume from Checkpoint…"), this);
  buttons_.release = new QPushButton(tr("Release Cached GPU Memory"), this);
  buttons_.release->setToolTip(
      tr("Hands memory the CUDA caching allocator holds but does not use back to the driver"));
  connect(buttons_.start, &QPushButton::clicked, this, &TrainingProgressView::startRequested);
  connect(buttons_.pause, &QPushButton::clicked, this, [this] {
    if (phase_ == Phase::Paused) {
      emit resumeRequested();
    } else {
      emit pauseRequested();
    }
  });
  connect(buttons_.stop, &QPushButton::clicked, this, &TrainingProgressView::stopRequested);
  connect(buttons_.resumeCheckpoint, &QPushButton::clicked, this,
          &TrainingProgressView::resumeFromCheckpointRequested);
  connect(buttons_.release, &QPushButton::clicked, this,
          &TrainingProgressView::releaseMemoryRequested);
}

void TrainingProgressView::setPhase(Phase phase) {
  phase_ = phase;
  if (phase == Phase::Idle) {
    updateLabels();  // the last step's figures
    labelTimer_->stop();
  } else {
    labelTimer_->start();
  }
  updateButtons();
}

void TrainingProgressView::setStartBlocked(const QString& reason) {
  blockedReason_ = reason;
  updateButtons();
}

void TrainingProgressView::setGpuPresent(bool present) {
  gpuPresent_ = present;
  updateButtons();
}

void TrainingProgressView::updateButtons() {
  const bool idle = phase_ == Phase::Idle;
  buttons_.start->setEnabled(idle && blockedReason_.isEmpty());
  buttons_.start->setToolTip(blockedReason_.isEmpty() ? tr("Train the model with these settings")
                                                      : blockedReason_);
  buttons_.resumeCheckpoint->setEnabled(idle && blockedReason_.isEmpty());
  buttons_.pause->setEnabled(pauseOffered_ &&
                             (phase_ == Phase::Running || phase_ == Phase::Paused));
  buttons_.pause->setToolTip(pauseOffered_ ? QString()
                                           : tr("A run of several processes cannot pause: a paused "
                                                "process would stall the others. Stop keeps a "
                                                "checkpoint to resume from."));
  buttons_.pause->setText(phase_ == Phase::Paused ? tr("Resume") : tr("Pause"));
  buttons_.stop->setEnabled(!idle && phase_ != Phase::Stopping);
  buttons_.release->setVisible(gpuPresent_);
}

void TrainingProgressView::beginRun(const QString& device, const QStringList& rankDevices) {
  device_ = device;
  pauseOffered_ = rankDevices.size() <= 1;
  rankLoad_->beginRun(rankDevices);
  updateButtons();
  latest_.reset();
  pending_ = false;
  epoch_->setValue(0);
  overall_->setValue(0);
  speed_->clear();
  utilisation_->clear();
  epochLabel_->setText(tr("Epoch"));
  overallLabel_->setText(tr("Overall"));
  setStatus(tr("Preparing the run on %1…").arg(device));
}

void TrainingProgressView::showStep(const StepMetrics& step) {
  latest_ = step;
  pending_ = true;
}

void TrainingProgressView::showOutcome(const QString& text) {
  updateLabels();
  setStatus(text);
}

void TrainingProgressView::showMessage(const QString& text) {
  setStatus(text);
}

void TrainingProgressView::setStatus(const QString& text) {
  status_->setText(text);
  emit statusChanged(text);
}

QString TrainingProgressView::statusText() const {
  return status_->text();
}

QString TrainingProgressView::durationText(double seconds) {
  const auto total = static_cast<long long>(std::max(0.0, std::round(seconds)));
  const long long h = total / 3600, m = (total / 60) % 60, s = total % 60;
  return h > 0 ? QStringLiteral("%1:%2:%3")
                     .arg(h)
                     .arg(m, 2, 10, QLatin1Char('0'))
                     .arg(s, 2, 10, QLatin1Char('0'))
               : QStringLiteral("%1:%2").arg(m).arg(s, 2, 10, QLatin1Char('0'));
}

QString TrainingProgressView::memoryText(const MemorySnapshot& m) {
  if (m.is_cuda) {
    QString text =
        tr("allocated %1 · reserved %2 · peak %3")
            .arg(bytes(m.allocated_bytes), bytes(m.reserved_bytes), bytes(m.peak_allocated_bytes));
    if (m.device_total_bytes > 0) {
      text += tr(" · device %1 of %2").arg(bytes(m.device_used_bytes), bytes(m.device_total_bytes));
    }
    return text;
  }
  return tr("process memory %1 (peak %2)")
      .arg(bytes(m.resident_bytes), bytes(m.peak_resident_bytes));
}

QString TrainingProgressView::flopsText(double flops) {
  if (flops >= 1e12) return tr("%1 TFLOP/s").arg(flops / 1e12, 0, 'f', 2);
  if (flops >= 1e9) return tr("%1 GFLOP/s").arg(flops / 1e9, 0, 'f', 1);
  return tr("%1 MFLOP/s").arg(flops / 1e6, 0, 'f', 1);
}

QString TrainingProgressView::utilisationText(const StepMetrics& s) {
  if (s.compute.achieved_flops <= 0) return {};
  if (s.compute.peak_remeasuring) {
    return tr("Compute: %1; the device's peak is being measured again (this rate exceeds it)")
        .arg(flopsText(s.compute.achieved_flops));
  }
  if (s.compute.utilisation <= 0)
    return tr("Compute: %1 (device peak unknown)").arg(flopsText(s.compute.achieved_flops));
  return tr("Compute: %1, %2% of the device's peak")
      .arg(flopsText(s.compute.achieved_flops))
      .arg(s.compute.utilisation * 100, 0, 'f', 1);
}

QString TrainingProgressView::utilisationLine() const {
  return utilisation_->text();
}

void TrainingProgressView::updateLabels() {
  if (!pending_ || !latest_) return;
  pending_ = false;
  const StepMetrics& s = *latest_;
  epoch_->setRange(0, static_cast<int>(std::max<std::int64_t>(1, s.batches_per_epoch)));
  epoch_->setValue(static_cast<int>(std::min(s.batch_in_epoch, s.batches_per_epoch)));
  overall_->setRange(0, static_cast<int>(std::max<std::int64_t>(1, s.total_steps)));
  overall_->setValue(static_cast<int>(std::min(s.step, s.total_steps)));
  epochLabel_->setText(tr("Epoch %1").arg(s.epoch + 1));
  overallLabel_->setText(tr("Step %1 of %2").arg(s.step).arg(s.total_steps));
  speed_->setText(tr("%1 samples/s · ETA %2 · loss %3")
                      .arg(s.samples_per_second, 0, 'f', 0)
                      .arg(durationText(s.eta_seconds))
                      .arg(s.loss, 0, 'g', 4));
  utilisation_->setText(utilisationText(s));
  rankLoad_->showStep(s);
  // A data-parallel run is named by all its devices; its memory line is rank 0's.
  const QString device = s.memory.device.empty() || !s.rank_memory_bytes.empty()
                             ? device_
                             : QString::fromStdString(s.memory.device);
  const QString what = phase_ == Phase::Paused ? tr("Paused on %1") : tr("Training on %1");
  QString memory = memoryText(s.memory);
  if (!s.rank_memory_bytes.empty()) memory = tr("rank 0: %1").arg(memory);
  setStatus(what.arg(device) + QStringLiteral(" — ") + memory);
}

}  // namespace convstudio
