#include "dataset_settings_editor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace convstudio {

DatasetSettingsEditor::DatasetSettingsEditor(QWidget* parent) : QWidget(parent) {
  kind_ = new QComboBox(this);
  kind_->setObjectName(QStringLiteral("datasetKind"));
  kind_->addItem(tr("Fashion-MNIST (built in)"), static_cast<int>(DatasetKind::FashionMnist));
  kind_->addItem(tr("IDX folder (MNIST format)"), static_cast<int>(DatasetKind::Idx));
  kind_->addItem(tr("Image folder"), static_cast<int>(DatasetKind::ImageFolder));
  // Short names keep the whole text visible in a narrow dock; the tooltips say the rest.
  kind_->setItemData(1, tr("A folder with train-images-idx3-ubyte[.gz] and its labels"),
                     Qt::ToolTipRole);
  kind_->setItemData(2, tr("One subfolder of images per class; the folder names are the classes"),
                     Qt::ToolTipRole);
  path_ = new QLineEdit(this);
  path_->setObjectName(QStringLiteral("datasetPath"));
  browse_ = new QPushButton(tr("Browse…"), this);
  auto* pathRow = new QHBoxLayout;
  pathRow->setContentsMargins(0, 0, 0, 0);
  pathRow->addWidget(path_, 1);
  pathRow->addWidget(browse_);

  validation_ = new QComboBox(this);
  validation_->setObjectName(QStringLiteral("validation"));
  validation_->addItem(tr("The dataset's test set"), static_cast<int>(ValidationSplit::TestSet));
  validation_->addItem(tr("A share of the training data"),
                       static_cast<int>(ValidationSplit::Fraction));
  fraction_ = new QDoubleSpinBox(this);
  fraction_->setObjectName(QStringLiteral("validationFraction"));
  fraction_->setRange(1, 90);
  fraction_->setSuffix(QStringLiteral(" %"));
  fraction_->setDecimals(0);

  cropPadding_ = new QSpinBox(this);
  cropPadding_->setObjectName(QStringLiteral("cropPadding"));
  cropPadding_->setRange(0, 32);
  cropPadding_->setSpecialValueText(tr("off"));
  cropPadding_->setSuffix(tr(" px"));
  cropPadding_->setToolTip(tr("Pad with zeros, then crop back to size at a random place"));
  flip_ = new QCheckBox(tr("Mirror left-right at random"), this);
  flip_->setObjectName(QStringLiteral("hflip"));
  rotation_ = new QDoubleSpinBox(this);
  rotation_->setObjectName(QStringLiteral("rotation"));
  rotation_->setRange(0, 180);
  rotation_->setSpecialValueText(tr("off"));
  rotation_->setSuffix(QStringLiteral(" °"));
  brightness_ = new QDoubleSpinBox(this);
  brightness_->setObjectName(QStringLiteral("brightness"));
  brightness_->setRange(0, 0.9);
  brightness_->setSingleStep(0.05);
  brightness_->setSpecialValueText(tr("off"));
  contrast_ = new QDoubleSpinBox(this);
  contrast_->setObjectName(QStringLiteral("contrast"));
  contrast_->setRange(0, 0.9);
  contrast_->setSingleStep(0.05);
  contrast_->setSpecialValueText(tr("off"));
  normalize_ = new QCheckBox(tr("Normalise with the data's mean and deviation"), this);
  normalize_->setObjectName(QStringLiteral("normalize"));

  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Dataset:"), kind_);
  form->addRow(tr("Folder:"), pathRow);
  form->addRow(tr("Validation:"), validation_);
  form->addRow(tr("Validation share:"), fraction_);
  form->addRow(tr("Random crop padding:"), cropPadding_);
  form->addRow(QString(), flip_);
  form->addRow(tr("Random rotation:"), rotation_);
  form->addRow(tr("Brightness ±:"), brightness_);
  form->addRow(tr("Contrast ±:"), contrast_);
  form->addRow(QString(), normalize_);

  connect(browse_, &QPushButton::clicked, this, &DatasetSettingsEditor::chooseFolder);
  for (QComboBox* box : {kind_, validation_}) {
    connect(box, &QComboBox::currentIndexChanged, this, [this] {
      updateEnabled();
      emit edited();
    });
  }
  connect(path_, &QLineEdit::editingFinished, this, &DatasetSettingsEditor::edited);
  connect(cropPadding_, &QSpinBox::valueChanged, this, &DatasetSettingsEditor::edited);
  for (QDoubleSpinBox* box : {fraction_, rotation_, brightness_, contrast_}) {
    connect(box, &QDoubleSpinBox::valueChanged, this, &DatasetSettingsEditor::edited);
  }
  for (QCheckBox* box : {flip_, normalize_}) {
    connect(box, &QCheckBox::toggled, this, &DatasetSettingsEditor::edited);
  }
  updateEnabled();
}

void DatasetSettingsEditor::load(const DatasetSettings& s) {
  const QSignalBlocker blockers[] = {QSignalBlocker(kind_),        QSignalBlocker(path_),
                                     QSignalBlocker(validation_),  QSignalBlocker(fraction_),
                                     QSignalBlocker(cropPadding_), QSignalBlocker(flip_),
                                     QSignalBlocker(rotation_),    QSignalBlocker(brightness_),
                                     QSignalBlocker(contrast_),    QSignalBlocker(normalize_)};
  kind_->setCurrentIndex(kind_->findData(static_cast<int>(s.source)));
  path_->setText(QString::fromStdString(s.path));
  validation_->setCurrentIndex(validation_->findData(static_cast<int>(s.validation)));
  fraction_->setValue(s.validation_fraction * 100);
  cropPadding_->setValue(static_cast<int>(s.augmentation.random_crop_padding));
  flip_->setChecked(s.augmentation.horizontal_flip);
  rotation_->setValue(s.augmentation.rotation_degrees);
  brightness_->setValue(s.augmentation.brightness);
  contrast_->setValue(s.augmentation.contrast);
  normalize_->setChecked(s.normalize);
  updateEnabled();
}

void DatasetSettingsEditor::store(DatasetSettings& s) const {
  s.source = static_cast<DatasetKind>(kind_->currentData().toInt());
  s.path = path_->text().trimmed().toStdString();
  s.validation = static_cast<ValidationSplit>(validation_->currentData().toInt());
  s.validation_fraction = fraction_->value() / 100;
  s.augmentation.random_crop_padding = cropPadding_->value();
  s.augmentation.horizontal_flip = flip_->isChecked();
  s.augmentation.rotation_degrees = rotation_->value();
  s.augmentation.brightness = brightness_->value();
  s.augmentation.contrast = contrast_->value();
  s.normalize = normalize_->isChecked();
}

void DatasetSettingsEditor::chooseFolder() {
  const QString folder =
      QFileDialog::getExistingDirectory(this, tr("Dataset Folder"), path_->text());
  if (folder.isEmpty()) return;
  path_->setText(folder);
  emit edited();
}

void DatasetSettingsEditor::updateEnabled() {
  const bool builtIn = kind_->currentData().toInt() == static_cast<int>(DatasetKind::FashionMnist);
  path_->setPlaceholderText(builtIn ? tr("built-in location") : tr("choose a folder"));
  fraction_->setEnabled(validation_->currentData().toInt() ==
                        static_cast<int>(ValidationSplit::Fraction));
}

}  // namespace convstudio
