#include "dataset_settings_editor.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include "convstudio/model/dataset_format.h"
#include "convstudio/model/validation_choice.h"

namespace convstudio {
namespace {

// The formats' texts are English in the engine, marked for lupdate there.
QString formatText(const char* text) {
  return QCoreApplication::translate(kDatasetFormatTextContext, text);
}

const DatasetFormat& chosenFormat(const QComboBox* kind) {
  return dataset_format(static_cast<DatasetKind>(kind->currentData().toInt()));
}

}  // namespace

DatasetSettingsEditor::DatasetSettingsEditor(QWidget* parent) : QWidget(parent) {
  createDataFields();
  createAugmentationFields();
  layOutFields();
  connectFields();
  updateEnabled();
}

void DatasetSettingsEditor::createDataFields() {
  kind_ = new QComboBox(this);
  kind_->setObjectName(QStringLiteral("datasetKind"));
  // Short names keep the whole text visible in a narrow dock; the tooltips say the rest.
  for (const DatasetFormat& format : dataset_formats()) {
    kind_->addItem(formatText(format.label), static_cast<int>(format.kind));
    if (*format.tooltip != '\0') {
      kind_->setItemData(kind_->count() - 1, formatText(format.tooltip), Qt::ToolTipRole);
    }
  }
  path_ = new QLineEdit(this);
  path_->setObjectName(QStringLiteral("datasetPath"));
  browse_ = new QPushButton(tr("Browse…"), this);
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

  fit_ = new QComboBox(this);
  fit_->setObjectName(QStringLiteral("fit"));
  fit_->addItem(tr("Scale the shorter side, cut the centre"),
                static_cast<int>(FitMode::ResizeCrop));
  fit_->addItem(tr("Stretch to the input size"), static_cast<int>(FitMode::Stretch));
  fit_->addItem(tr("Scale the longer side, pad with black"), static_cast<int>(FitMode::Pad));
  fit_->setToolTip(
      tr("How images of another size are brought to the Input block's height and "
         "width, in training, evaluation, inference and exports alike"));
  cache_ = new QComboBox(this);
  cache_->setObjectName(QStringLiteral("cache"));
  cache_->addItem(tr("Automatic (when it fits a quarter of the memory)"),
                  static_cast<int>(CacheMode::Auto));
  cache_->addItem(tr("Always"), static_cast<int>(CacheMode::On));
  cache_->addItem(tr("Off (read the files every epoch)"), static_cast<int>(CacheMode::Off));
  cache_->setToolTip(tr("Keep decoded images in memory after their first epoch"));
}

void DatasetSettingsEditor::createAugmentationFields() {
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
  // A probability as the project file holds it (0.5: half the images), like brightness and
  // contrast beside it; a percent box read "0.5" as 5 % (issue 32).
  erasing_ = new QDoubleSpinBox(this);
  erasing_->setObjectName(QStringLiteral("erasing"));
  erasing_->setRange(0, 1);
  erasing_->setDecimals(2);
  erasing_->setSingleStep(0.1);
  erasing_->setSpecialValueText(tr("off"));
  erasing_->setToolTip(
      tr("Probability (0–1) that a training image gets a random rectangle (2–33% of the area) "
         "painted over with noise: 0.5 is half the images"));
  resizedCrop_ = new QCheckBox(tr("Random resized crop"), this);
  resizedCrop_->setObjectName(QStringLiteral("resizedCrop"));
  resizedCrop_->setToolTip(
      tr("Cut a random part of the image (aspect ratio 3:4 to 4:3) and "
         "scale it back to the input size"));
  cropMinScale_ = new QDoubleSpinBox(this);
  cropMinScale_->setObjectName(QStringLiteral("cropMinScale"));
  cropMinScale_->setRange(1, 100);
  cropMinScale_->setDecimals(0);
  cropMinScale_->setSuffix(QStringLiteral(" %"));
  cropMinScale_->setToolTip(tr("The smallest share of the image's area a crop may keep"));
  normalize_ = new QCheckBox(tr("Normalise with the data's mean and deviation"), this);
  normalize_->setObjectName(QStringLiteral("normalize"));
}

void DatasetSettingsEditor::layOutFields() {
  auto* form = new QFormLayout(this);
  auto* pathRow = new QHBoxLayout;
  pathRow->setContentsMargins(0, 0, 0, 0);
  pathRow->addWidget(path_, 1);
  pathRow->addWidget(browse_);

  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Dataset:"), kind_);
  form->addRow(tr("Folder or file:"), pathRow);
  form->addRow(tr("Validation:"), validation_);
  form->addRow(tr("Validation share:"), fraction_);
  form->addRow(tr("Fit to input:"), fit_);
  form->addRow(tr("Decoded cache:"), cache_);
  form->addRow(QString(), resizedCrop_);
  form->addRow(tr("Smallest crop area:"), cropMinScale_);
  form->addRow(tr("Random crop padding:"), cropPadding_);
  form->addRow(QString(), flip_);
  form->addRow(tr("Random rotation:"), rotation_);
  form->addRow(tr("Brightness ±:"), brightness_);
  form->addRow(tr("Contrast ±:"), contrast_);
  form->addRow(tr("Random erasing:"), erasing_);
  form->addRow(QString(), normalize_);
}

void DatasetSettingsEditor::connectFields() {
  connect(browse_, &QPushButton::clicked, this, &DatasetSettingsEditor::choosePath);
  // Before the handlers below, so the edit they report holds the validation that goes with it.
  connect(kind_, &QComboBox::currentIndexChanged, this, &DatasetSettingsEditor::followChosenData);
  connect(path_, &QLineEdit::editingFinished, this, &DatasetSettingsEditor::followChosenData);
  for (QComboBox* box : {kind_, validation_, fit_, cache_}) {
    connect(box, &QComboBox::currentIndexChanged, this, [this] {
      updateEnabled();
      emit edited();
    });
  }
  connect(path_, &QLineEdit::editingFinished, this, &DatasetSettingsEditor::edited);
  connect(cropPadding_, &QSpinBox::valueChanged, this, &DatasetSettingsEditor::edited);
  for (QDoubleSpinBox* box :
       {fraction_, rotation_, brightness_, contrast_, erasing_, cropMinScale_}) {
    connect(box, &QDoubleSpinBox::valueChanged, this, &DatasetSettingsEditor::edited);
  }
  for (QCheckBox* box : {flip_, normalize_, resizedCrop_}) {
    connect(box, &QCheckBox::toggled, this, [this] {
      updateEnabled();
      emit edited();
    });
  }
}

void DatasetSettingsEditor::load(const DatasetSettings& s) {
  const QSignalBlocker blockers[] = {
      QSignalBlocker(kind_),        QSignalBlocker(path_),         QSignalBlocker(validation_),
      QSignalBlocker(fraction_),    QSignalBlocker(fit_),          QSignalBlocker(cache_),
      QSignalBlocker(resizedCrop_), QSignalBlocker(cropMinScale_), QSignalBlocker(cropPadding_),
      QSignalBlocker(flip_),        QSignalBlocker(rotation_),     QSignalBlocker(brightness_),
      QSignalBlocker(contrast_),    QSignalBlocker(erasing_),      QSignalBlocker(normalize_)};
  kind_->setCurrentIndex(kind_->findData(static_cast<int>(s.source)));
  path_->setText(QString::fromStdString(s.path));
  validation_->setCurrentIndex(validation_->findData(static_cast<int>(s.validation)));
  fraction_->setValue(s.validation_fraction * 100);
  fit_->setCurrentIndex(fit_->findData(static_cast<int>(s.fit)));
  cache_->setCurrentIndex(cache_->findData(static_cast<int>(s.cache)));
  resizedCrop_->setChecked(s.augmentation.random_resized_crop);
  cropMinScale_->setValue(s.augmentation.crop_min_scale * 100);
  cropPadding_->setValue(static_cast<int>(s.augmentation.random_crop_padding));
  flip_->setChecked(s.augmentation.horizontal_flip);
  rotation_->setValue(s.augmentation.rotation_degrees);
  brightness_->setValue(s.augmentation.brightness);
  contrast_->setValue(s.augmentation.contrast);
  erasing_->setValue(s.augmentation.random_erasing);
  normalize_->setChecked(s.normalize);
  followedData_ = dataKey();
  updateEnabled();
}

void DatasetSettingsEditor::store(DatasetSettings& s) const {
  s.source = static_cast<DatasetKind>(kind_->currentData().toInt());
  s.path = path_->text().trimmed().toStdString();
  s.validation = static_cast<ValidationSplit>(validation_->currentData().toInt());
  s.validation_fraction = fraction_->value() / 100;
  s.fit = static_cast<FitMode>(fit_->currentData().toInt());
  s.cache = static_cast<CacheMode>(cache_->currentData().toInt());
  s.augmentation.random_resized_crop = resizedCrop_->isChecked();
  s.augmentation.crop_min_scale =
      std::min(cropMinScale_->value() / 100, s.augmentation.crop_max_scale);
  s.augmentation.random_crop_padding = cropPadding_->value();
  s.augmentation.horizontal_flip = flip_->isChecked();
  s.augmentation.rotation_degrees = rotation_->value();
  s.augmentation.brightness = brightness_->value();
  s.augmentation.contrast = contrast_->value();
  s.augmentation.random_erasing = erasing_->value();
  s.normalize = normalize_->isChecked();
}

void DatasetSettingsEditor::choosePath() {
  const DatasetFormat& format = chosenFormat(kind_);
  const QString chosen =
      format.path == DatasetPath::File
          ? QFileDialog::getOpenFileName(this, tr("Labels File"), path_->text(),
                                         formatText(format.file_filter))
          : QFileDialog::getExistingDirectory(this, tr("Dataset Folder"), path_->text());
  if (chosen.isEmpty()) return;
  path_->setText(chosen);
  followChosenData();
  emit edited();
}

void DatasetSettingsEditor::followChosenData() {
  if (dataKey() == followedData_) return;
  followedData_ = dataKey();
  DatasetSettings data;
  store(data);
  const ValidationChoice choice = apply_validation_choice(data);
  const QSignalBlocker blocker(validation_);  // the caller reports the edit once
  validation_->setCurrentIndex(validation_->findData(static_cast<int>(choice.split)));
  updateEnabled();
}

QString DatasetSettingsEditor::dataKey() const {
  return kind_->currentData().toString() + QLatin1Char('|') + path_->text().trimmed();
}

void DatasetSettingsEditor::updateEnabled() {
  path_->setPlaceholderText(formatText(chosenFormat(kind_).placeholder));
  // A validation folder beside the training images is what "test set" reads: say which.
  const std::string folder =
      choose_validation(chosenFormat(kind_).kind, path_->text().trimmed().toStdString()).folder;
  const int testSet = validation_->findData(static_cast<int>(ValidationSplit::TestSet));
  if (folder.empty() && !chosenFormat(kind_).has_test_set) {
    // Nothing to read as a test set: training holds out a share instead, and says so here.
    validation_->setItemText(testSet, tr("A share (no test set here)"));
    validation_->setItemData(
        testSet,
        tr("This data has no test set or val/ folder: a share of the training images is "
           "held out at random with the run's seed"),
        Qt::ToolTipRole);
  } else if (folder.empty()) {
    validation_->setItemText(testSet, tr("The dataset's test set"));
    validation_->setItemData(testSet, QVariant(), Qt::ToolTipRole);
  } else {
    const QString path = QDir::toNativeSeparators(QString::fromStdString(folder));
    validation_->setItemText(
        testSet, tr("The folder %1").arg(QFileInfo(path).fileName() + QDir::separator()));
    validation_->setItemData(testSet, path, Qt::ToolTipRole);
  }
  cropMinScale_->setEnabled(resizedCrop_->isChecked());
  fraction_->setEnabled(validation_->currentData().toInt() ==
                        static_cast<int>(ValidationSplit::Fraction));
}

}  // namespace convstudio
