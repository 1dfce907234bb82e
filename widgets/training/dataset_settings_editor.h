#pragma once
// The dataset half of the training settings: which data (every format of the engine's registry,
// dataset_format.h), where, how images are fitted to the input size, whether decoded images are
// cached, how validation is split off, and augmentation.

#include <QWidget>

#include "convstudio/model/dataset_settings.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace convstudio {

class DatasetSettingsEditor : public QWidget {
  Q_OBJECT

 public:
  explicit DatasetSettingsEditor(QWidget* parent = nullptr);

  // Shows `settings` without emitting edited().
  void load(const DatasetSettings& settings);
  // Writes the fields into `settings`, keeping what this editor does not show (input override).
  void store(DatasetSettings& settings) const;

 signals:
  void edited();

 private:
  // The constructor's steps: what data and how it is read; the random augmentations; the form;
  // every field's edit reported.
  void createDataFields();
  void createAugmentationFields();
  void layOutFields();
  void connectFields();
  void choosePath();
  void updateEnabled();
  // Another dataset was chosen: validate on its test set or validation folder when it has one,
  // else on a share of its training images (the engine's rule, validation_choice.h).
  void followChosenData();
  QString dataKey() const;  // the chosen format and path

  QComboBox* kind_ = nullptr;
  QLineEdit* path_ = nullptr;
  QPushButton* browse_ = nullptr;
  QComboBox* validation_ = nullptr;
  QDoubleSpinBox* fraction_ = nullptr;
  QComboBox* fit_ = nullptr;
  QComboBox* cache_ = nullptr;
  QCheckBox* resizedCrop_ = nullptr;
  QDoubleSpinBox* cropMinScale_ = nullptr;
  QSpinBox* cropPadding_ = nullptr;
  QCheckBox* flip_ = nullptr;
  QDoubleSpinBox* rotation_ = nullptr;
  QDoubleSpinBox* brightness_ = nullptr;
  QDoubleSpinBox* contrast_ = nullptr;
  QDoubleSpinBox* erasing_ = nullptr;
  QCheckBox* normalize_ = nullptr;
  // The dataset the validation choice last followed: a project loaded keeps its own choice.
  QString followedData_;
};

}  // namespace convstudio
