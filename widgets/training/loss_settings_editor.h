#pragma once
// How the loss counts classes, how training draws and mixes images, and which figure judges a
// run: class weights (none, balanced, or one per class), label smoothing, the sampler, mixup and
// CutMix (α and probability each), the validation figure the best checkpoint keeps, and a
// segmentation project's per-pixel loss (cross-entropy, Dice or both).

#include <QWidget>

#include "convstudio/model/training_settings.h"

class QComboBox;
class QDoubleSpinBox;

namespace convstudio {

class LossSettingsEditor : public QWidget {
  Q_OBJECT

 public:
  explicit LossSettingsEditor(QWidget* parent = nullptr);

  void load(const TrainingSettings& settings);
  // A weight list the setting table refuses is stored as it is typed: the settings check
  // shows why under the field, and the run will not start with it.
  void store(TrainingSettings& settings) const;

 signals:
  void edited();

 private:
  // Class weights, label smoothing and the best checkpoint's figure.
  void createLossFields();
  // The sampler and mixup/CutMix.
  void createSamplingFields();

  QComboBox* classWeights_ = nullptr;  // editable: "none", "balanced" or a typed list
  QDoubleSpinBox* labelSmoothing_ = nullptr;
  QComboBox* bestMetric_ = nullptr;
  QComboBox* segmentationLoss_ = nullptr;
  QComboBox* sampler_ = nullptr;
  QDoubleSpinBox* mixupAlpha_ = nullptr;
  QDoubleSpinBox* mixupProbability_ = nullptr;
  QDoubleSpinBox* cutmixAlpha_ = nullptr;
  QDoubleSpinBox* cutmixProbability_ = nullptr;
};

}  // namespace convstudio
