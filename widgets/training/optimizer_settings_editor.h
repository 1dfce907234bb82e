#pragma once
// How the weights move: optimizer, learning rate and its schedule (with warm-up), momentum,
// weight decay, gradient clipping and the fine-tuning multiplier for pretrained blocks. Fields that
// do not apply are disabled, not hidden.

#include <QWidget>

#include "convstudio/model/training_settings.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace convstudio {

class OptimizerSettingsEditor : public QWidget {
  Q_OBJECT

 public:
  explicit OptimizerSettingsEditor(QWidget* parent = nullptr);

  void load(const TrainingSettings& settings);
  void store(TrainingSettings& settings) const;

 signals:
  void edited();

 private:
  void updateEnabled();

  QComboBox* optimizer_ = nullptr;
  QDoubleSpinBox* lr_ = nullptr;
  QDoubleSpinBox* pretrainedLr_ = nullptr;  // fine-tuning: × lr for pretrained blocks
  QDoubleSpinBox* momentum_ = nullptr;
  QCheckBox* nesterov_ = nullptr;
  QDoubleSpinBox* weightDecay_ = nullptr;
  QComboBox* schedule_ = nullptr;
  QSpinBox* warmup_ = nullptr;
  QSpinBox* stepSize_ = nullptr;
  QDoubleSpinBox* gamma_ = nullptr;
  QDoubleSpinBox* clip_ = nullptr;
};

}  // namespace convstudio
