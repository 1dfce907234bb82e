#include "optimizer_settings_editor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSpinBox>

#include <limits>

#include "convstudio/model/optimizer_spec.h"

namespace convstudio {
namespace {

QDoubleSpinBox* numberBox(QWidget* parent, const char* name, double maximum, int decimals,
                          double step) {
  auto* box = new QDoubleSpinBox(parent);
  box->setObjectName(QLatin1String(name));
  box->setRange(0, maximum);
  box->setDecimals(decimals);
  box->setSingleStep(step);
  return box;
}

QString optimizerText(const char* text) {
  return QCoreApplication::translate(kOptimizerTextContext, text);
}

}  // namespace

OptimizerSettingsEditor::OptimizerSettingsEditor(QWidget* parent) : QWidget(parent) {
  optimizer_ = new QComboBox(this);
  optimizer_->setObjectName(QStringLiteral("optimizer"));
  for (const OptimizerSpec& spec : optimizer_specs()) {
    optimizer_->addItem(optimizerText(spec.label), static_cast<int>(spec.kind));
    optimizer_->setItemData(optimizer_->count() - 1, optimizerText(spec.tooltip), Qt::ToolTipRole);
  }
  lr_ = numberBox(this, "lr", 10, 6, 0.001);
  pretrainedLr_ = numberBox(this, "pretrainedLrMultiplier", kMaxLrMultiplier, 4, 0.1);
  pretrainedLr_->setMinimum(kMinLrMultiplier);
  pretrainedLr_->setPrefix(tr("× "));
  pretrainedLr_->setToolTip(
      tr("Fine-tuning: blocks that start from the project's pretrained weights (an imported "
         "model, or weights set from a file) learn at this times the learning rate; new blocks, "
         "such as a fresh head, at the full rate. 1 means no difference."));
  momentum_ = numberBox(this, "momentum", 0.999, 3, 0.05);
  nesterov_ = new QCheckBox(tr("Nesterov momentum"), this);
  nesterov_->setObjectName(QStringLiteral("nesterov"));
  weightDecay_ = numberBox(this, "weightDecay", 1, 6, 0.0001);
  weightDecay_->setSpecialValueText(tr("off"));
  schedule_ = new QComboBox(this);
  schedule_->setObjectName(QStringLiteral("schedule"));
  schedule_->addItem(tr("Constant"), static_cast<int>(LrSchedule::Constant));
  schedule_->addItem(tr("Step (multiply every N epochs)"), static_cast<int>(LrSchedule::Step));
  schedule_->addItem(tr("Cosine decay"), static_cast<int>(LrSchedule::Cosine));
  schedule_->addItem(tr("One-cycle"), static_cast<int>(LrSchedule::OneCycle));
  warmup_ = new QSpinBox(this);
  warmup_->setObjectName(QStringLiteral("warmupSteps"));
  warmup_->setRange(0, std::numeric_limits<int>::max());
  warmup_->setSpecialValueText(tr("none"));
  warmup_->setSuffix(tr(" steps"));
  stepSize_ = new QSpinBox(this);
  stepSize_->setObjectName(QStringLiteral("stepSize"));
  stepSize_->setRange(1, 10000);
  stepSize_->setPrefix(tr("every "));
  stepSize_->setSuffix(tr(" epoch(s)"));
  gamma_ = numberBox(this, "stepGamma", 1, 3, 0.05);
  gamma_->setPrefix(tr("× "));
  clip_ = numberBox(this, "clipGradNorm", 1000, 3, 0.5);
  clip_->setSpecialValueText(tr("off"));
  clip_->setToolTip(tr("Scale gradients down when their total norm is above this"));

  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Optimizer:"), optimizer_);
  form->addRow(tr("Learning rate:"), lr_);
  form->addRow(tr("Pretrained blocks:"), pretrainedLr_);
  form->addRow(tr("Momentum:"), momentum_);
  form->addRow(QString(), nesterov_);
  form->addRow(tr("Weight decay:"), weightDecay_);
  form->addRow(tr("Schedule:"), schedule_);
  form->addRow(tr("Warm-up:"), warmup_);
  form->addRow(tr("Step:"), stepSize_);
  form->addRow(tr("Step factor:"), gamma_);
  form->addRow(tr("Gradient clipping:"), clip_);

  for (QComboBox* box : {optimizer_, schedule_}) {
    connect(box, &QComboBox::currentIndexChanged, this, [this] {
      updateEnabled();
      emit edited();
    });
  }
  for (QDoubleSpinBox* box : {lr_, pretrainedLr_, momentum_, weightDecay_, gamma_, clip_}) {
    connect(box, &QDoubleSpinBox::valueChanged, this, &OptimizerSettingsEditor::edited);
  }
  for (QSpinBox* box : {warmup_, stepSize_}) {
    connect(box, &QSpinBox::valueChanged, this, &OptimizerSettingsEditor::edited);
  }
  connect(nesterov_, &QCheckBox::toggled, this, &OptimizerSettingsEditor::edited);
  updateEnabled();
}

void OptimizerSettingsEditor::load(const TrainingSettings& s) {
  const QList<QWidget*> fields = findChildren<QWidget*>();
  for (QWidget* field : fields) field->blockSignals(true);
  optimizer_->setCurrentIndex(optimizer_->findData(static_cast<int>(s.optimizer.kind)));
  lr_->setValue(s.optimizer.lr);
  pretrainedLr_->setValue(s.optimizer.pretrained_lr_multiplier);
  momentum_->setValue(s.optimizer.momentum);
  nesterov_->setChecked(s.optimizer.nesterov);
  weightDecay_->setValue(s.optimizer.weight_decay);
  schedule_->setCurrentIndex(schedule_->findData(static_cast<int>(s.schedule.kind)));
  warmup_->setValue(static_cast<int>(s.schedule.warmup_steps));
  stepSize_->setValue(static_cast<int>(s.schedule.step_size_epochs));
  gamma_->setValue(s.schedule.step_gamma);
  clip_->setValue(s.optimizer.clip_grad_norm);
  for (QWidget* field : fields) field->blockSignals(false);
  updateEnabled();
}

void OptimizerSettingsEditor::store(TrainingSettings& s) const {
  s.optimizer.kind = static_cast<OptimizerKind>(optimizer_->currentData().toInt());
  s.optimizer.lr = lr_->value();
  s.optimizer.pretrained_lr_multiplier = pretrainedLr_->value();
  s.optimizer.momentum = momentum_->value();
  s.optimizer.nesterov = nesterov_->isChecked();
  s.optimizer.weight_decay = weightDecay_->value();
  s.schedule.kind = static_cast<LrSchedule>(schedule_->currentData().toInt());
  s.schedule.warmup_steps = warmup_->value();
  s.schedule.step_size_epochs = stepSize_->value();
  s.schedule.step_gamma = gamma_->value();
  s.optimizer.clip_grad_norm = clip_->value();
}

void OptimizerSettingsEditor::updateEnabled() {
  const OptimizerSpec& optimizer =
      optimizer_spec(static_cast<OptimizerKind>(optimizer_->currentData().toInt()));
  momentum_->setEnabled(optimizer.uses("momentum"));
  // A wrong tick stays visible to undo.
  nesterov_->setEnabled(optimizer.uses("nesterov") || nesterov_->isChecked());
  weightDecay_->setEnabled(optimizer.uses("weight_decay"));
  const bool step = schedule_->currentData().toInt() == static_cast<int>(LrSchedule::Step);
  stepSize_->setEnabled(step);
  gamma_->setEnabled(step);
}

}  // namespace convstudio
