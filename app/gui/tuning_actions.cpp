#include "tuning_actions.h"

#include <QAction>
#include <QFile>

#include "training/batch_size_finder_dialog.h"
#include "training/lr_finder_dialog.h"
#include "tuning_runner.h"

namespace convstudio {

TuningActions::TuningActions(TuningHost host, QObject* parent)
    : QObject(parent), host_(std::move(host)) {
  runner_ = new TuningRunner(this);
  findLr_ = new QAction(tr("Find Learning Rate…"), this);
  findLr_->setObjectName(QStringLiteral("findLearningRateAction"));
  findLr_->setToolTip(
      tr("Run the learning-rate range test on the training data and suggest a learning rate"));
  connect(findLr_, &QAction::triggered, this, &TuningActions::findLearningRate);
  profile_ = new QAction(tr("Profile Training Steps"), this);
  profile_->setObjectName(QStringLiteral("profileAction"));
  profile_->setToolTip(
      tr("Measure a few training steps block by block and colour the canvas "
         "by where the time goes"));
  connect(profile_, &QAction::triggered, this, &TuningActions::profile);
  connect(runner_, &TuningRunner::profileStep, this, &TuningActions::profileStep);
  connect(runner_, &TuningRunner::profileFinished, this, &TuningActions::profileFinished);
  connect(runner_, &TuningRunner::busyChanged, this, [this](bool busy) {
    updateEnabled();
    emit busyChanged(busy);
  });
  connect(runner_, &TuningRunner::lrPoint, this,
          [this](const LrFinderPoint& point, qint64 step, qint64 steps) {
            if (lrDialog_) lrDialog_->showPoint(point, step, steps);
          });
  connect(runner_, &TuningRunner::lrFinished, this, [this](const LrFinderResult& result) {
    if (lrDialog_) lrDialog_->showResult(result);
  });
  connect(runner_, &TuningRunner::batchTrial, this, [this](const BatchSizeTrial& trial) {
    if (batchDialog_) batchDialog_->showTrial(trial);
  });
  connect(runner_, &TuningRunner::batchFinished, this, [this](const BatchSizeResult& result) {
    if (batchDialog_) batchDialog_->showResult(result);
  });
  updateEnabled();
}

bool TuningActions::isBusy() const {
  return runner_->isBusy();
}

void TuningActions::updateEnabled() {
  const bool can = !runner_->isBusy() && host_.canStart && host_.canStart();
  findLr_->setEnabled(can);
  profile_->setEnabled(can);
}

void TuningActions::profile() {
  if (runner_->isBusy() || !host_.canStart || !host_.canStart()) return;
  ProfileOptions options;
  options.project = host_.project();
  if (host_.startWeights)
    options.start_weights = QFile::encodeName(host_.startWeights()).toStdString();
  // A few steps: enough for stable means on a CPU, short enough to wait for.
  options.warmup = 2;
  options.steps = 5;
  emit profileStarted();
  runner_->profile(std::move(options));
}

void TuningActions::cancel() {
  runner_->cancel();
}

void TuningActions::findLearningRate() {
  if (runner_->isBusy() || !host_.canStart || !host_.canStart()) return;
  LrFinderOptions options;
  options.project = host_.project();
  if (host_.startWeights)
    options.start_weights = QFile::encodeName(host_.startWeights()).toStdString();
  if (!lrDialog_) {
    lrDialog_ = new LrFinderDialog(host_.window);
    connect(lrDialog_.data(), &LrFinderDialog::cancelRequested, runner_, &TuningRunner::cancel);
    connect(lrDialog_.data(), &LrFinderDialog::applyRequested, this,
            &TuningActions::applyLearningRate);
    // Closing the window while the test runs stops it.
    connect(lrDialog_.data(), &QDialog::rejected, runner_, &TuningRunner::cancel);
  }
  lrDialog_->begin(options.project.training.optimizer.lr, options.steps);
  lrDialog_->show();
  lrDialog_->raise();
  runner_->findLearningRate(std::move(options));
}

void TuningActions::findBatchSize() {
  if (runner_->isBusy() || !host_.canStart || !host_.canStart()) return;
  BatchSizeFinderOptions options;
  options.project = host_.project();
  if (!batchDialog_) {
    batchDialog_ = new BatchSizeFinderDialog(host_.window);
    connect(batchDialog_.data(), &BatchSizeFinderDialog::cancelRequested, runner_,
            &TuningRunner::cancel);
    connect(batchDialog_.data(), &BatchSizeFinderDialog::applyRequested, this,
            &TuningActions::applyBatchSize);
    connect(batchDialog_.data(), &QDialog::rejected, runner_, &TuningRunner::cancel);
  }
  batchDialog_->begin(options.project.training.batch_size,
                      QString::fromStdString(options.project.training.device));
  batchDialog_->show();
  batchDialog_->raise();
  runner_->findBatchSize(std::move(options));
}

void TuningActions::applyLearningRate(double lr) {
  if (!host_.project || !host_.setTraining || lr <= 0) return;
  TrainingSettings training = host_.project().training;
  training.optimizer.lr = lr;
  host_.setTraining(training);
}

void TuningActions::applyBatchSize(qint64 batchSize) {
  if (!host_.project || !host_.setTraining || batchSize <= 0) return;
  TrainingSettings training = host_.project().training;
  training.batch_size = batchSize;
  host_.setTraining(training);
}

}  // namespace convstudio
