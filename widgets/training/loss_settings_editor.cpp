#include "loss_settings_editor.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>

namespace convstudio {

LossSettingsEditor::LossSettingsEditor(QWidget* parent) : QWidget(parent) {
  createLossFields();
  createSamplingFields();

  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Class weights:"), classWeights_);
  form->addRow(tr("Label smoothing:"), labelSmoothing_);
  form->addRow(tr("Best checkpoint by:"), bestMetric_);
  form->addRow(tr("Segmentation loss:"), segmentationLoss_);
  form->addRow(tr("Sampler:"), sampler_);
  form->addRow(tr("Mixup α:"), mixupAlpha_);
  form->addRow(tr("Mixup probability:"), mixupProbability_);
  form->addRow(tr("CutMix α:"), cutmixAlpha_);
  form->addRow(tr("CutMix probability:"), cutmixProbability_);

  connect(classWeights_, &QComboBox::currentTextChanged, this, &LossSettingsEditor::edited);
  connect(labelSmoothing_, &QDoubleSpinBox::valueChanged, this, &LossSettingsEditor::edited);
  connect(bestMetric_, &QComboBox::currentIndexChanged, this, &LossSettingsEditor::edited);
  connect(segmentationLoss_, &QComboBox::currentIndexChanged, this, &LossSettingsEditor::edited);
  connect(sampler_, &QComboBox::currentIndexChanged, this, &LossSettingsEditor::edited);
  for (QDoubleSpinBox* box : {mixupAlpha_, mixupProbability_, cutmixAlpha_, cutmixProbability_}) {
    connect(box, &QDoubleSpinBox::valueChanged, this, &LossSettingsEditor::edited);
  }
}

void LossSettingsEditor::createLossFields() {
  classWeights_ = new QComboBox(this);
  classWeights_->setObjectName(QStringLiteral("classWeights"));
  classWeights_->setEditable(true);
  classWeights_->setInsertPolicy(QComboBox::NoInsert);
  // The words stay as the project file spells them (a typed list sits beside them); the
  // tooltips say what each does.
  classWeights_->addItem(QStringLiteral("none"));
  classWeights_->setItemData(0, tr("Every class counts alike"), Qt::ToolTipRole);
  classWeights_->addItem(QStringLiteral("balanced"));
  classWeights_->setItemData(
      1, tr("Rare classes count more: images ÷ (classes × the class's images), as scikit-learn"),
      Qt::ToolTipRole);
  classWeights_->setToolTip(
      tr("How much each class's mistakes cost in the loss: none, balanced (from the training "
         "split's counts), or one weight per class in class order, such as 1, 5, 2.5"));
  classWeights_->lineEdit()->setPlaceholderText(tr("none, balanced or 1, 5, 2.5"));
  labelSmoothing_ = new QDoubleSpinBox(this);
  labelSmoothing_->setObjectName(QStringLiteral("labelSmoothing"));
  labelSmoothing_->setRange(0, kMaxLabelSmoothing);
  labelSmoothing_->setDecimals(3);
  labelSmoothing_->setSingleStep(0.05);
  labelSmoothing_->setSpecialValueText(tr("off"));
  labelSmoothing_->setToolTip(
      tr("Train against labels that keep this share for the other classes, so the model is "
         "less sure of itself (0.1 is common)"));
  bestMetric_ = new QComboBox(this);
  bestMetric_->setObjectName(QStringLiteral("bestMetric"));
  bestMetric_->addItem(tr("Accuracy"), static_cast<int>(BestMetric::Accuracy));
  bestMetric_->addItem(tr("Balanced accuracy"), static_cast<int>(BestMetric::BalancedAccuracy));
  bestMetric_->addItem(tr("Macro-F1"), static_cast<int>(BestMetric::MacroF1));
  bestMetric_->addItem(tr("Mean IoU (segmentation)"), static_cast<int>(BestMetric::MeanIoU));
  bestMetric_->setToolTip(
      tr("The validation figure the best checkpoint keeps. Balanced accuracy and macro-F1 see "
         "rare classes, and early stopping follows them too; with accuracy it watches the "
         "validation loss. Mean IoU is a segmentation run's mean intersection over union of "
         "the classes."));

  segmentationLoss_ = new QComboBox(this);
  segmentationLoss_->setObjectName(QStringLiteral("segmentationLoss"));
  segmentationLoss_->addItem(tr("Cross-entropy"), static_cast<int>(SegmentationLoss::CrossEntropy));
  segmentationLoss_->addItem(tr("Dice"), static_cast<int>(SegmentationLoss::Dice));
  segmentationLoss_->addItem(tr("Cross-entropy + Dice"),
                             static_cast<int>(SegmentationLoss::CrossEntropyDice));
  segmentationLoss_->setToolTip(
      tr("A segmentation project's per-pixel loss. Cross-entropy uses the class weights, label "
         "smoothing and the data set's ignore label; Dice measures the overlap of the predicted "
         "and true masks of the classes present, so small classes count as much as large ones; "
         "cross-entropy + Dice adds the two. Classification projects ignore it."));
}

void LossSettingsEditor::createSamplingFields() {
  sampler_ = new QComboBox(this);
  sampler_->setObjectName(QStringLiteral("sampler"));
  sampler_->addItem(tr("Shuffle"), static_cast<int>(SamplerKind::Shuffle));
  sampler_->addItem(tr("Class-balanced"), static_cast<int>(SamplerKind::ClassBalanced));
  sampler_->setToolTip(
      tr("How an epoch draws the training images. Shuffle: each image once. Class-balanced: each "
         "draw picks a class at random, all classes alike, then one of its images, so rare "
         "classes are seen as often as common ones (their images repeat)."));
  const auto alphaBox = [this](const char* objectName) {
    auto* box = new QDoubleSpinBox(this);
    box->setObjectName(QString::fromLatin1(objectName));
    box->setRange(0, kMaxMixingAlpha);
    box->setDecimals(2);
    box->setSingleStep(0.1);
    box->setSpecialValueText(tr("off"));
    return box;
  };
  const auto probabilityBox = [this](const char* objectName) {
    auto* box = new QDoubleSpinBox(this);
    box->setObjectName(QString::fromLatin1(objectName));
    box->setRange(0, 1);
    box->setDecimals(2);
    box->setSingleStep(0.1);
    return box;
  };
  mixupAlpha_ = alphaBox("mixupAlpha");
  mixupAlpha_->setToolTip(
      tr("Mixup blends each training image with another image of its batch, and their labels "
         "alike, by a share drawn from Beta(α, α) (torchvision's MixUp; 0.2 is common)"));
  mixupProbability_ = probabilityBox("mixupProbability");
  mixupProbability_->setToolTip(tr("Share of the batches mixup is applied to"));
  cutmixAlpha_ = alphaBox("cutmixAlpha");
  cutmixAlpha_->setToolTip(
      tr("CutMix pastes a box of another image of the batch into each training image, the "
         "labels weighed by area, the box's share drawn from Beta(α, α) (torchvision's CutMix; "
         "1 is common). With mixup on too, each batch takes one of the two."));
  cutmixProbability_ = probabilityBox("cutmixProbability");
  cutmixProbability_->setToolTip(tr("Share of the batches CutMix is applied to"));
}

void LossSettingsEditor::load(const TrainingSettings& s) {
  const QList<QWidget*> fields = findChildren<QWidget*>();
  for (QWidget* field : fields) field->blockSignals(true);
  classWeights_->setCurrentText(QString::fromStdString(s.loss.class_weights));
  labelSmoothing_->setValue(s.loss.label_smoothing);
  bestMetric_->setCurrentIndex(bestMetric_->findData(static_cast<int>(s.loss.best_metric)));
  segmentationLoss_->setCurrentIndex(
      segmentationLoss_->findData(static_cast<int>(s.loss.segmentation_loss)));
  sampler_->setCurrentIndex(sampler_->findData(static_cast<int>(s.loss.sampler)));
  mixupAlpha_->setValue(s.loss.mixup_alpha);
  mixupProbability_->setValue(s.loss.mixup_probability);
  cutmixAlpha_->setValue(s.loss.cutmix_alpha);
  cutmixProbability_->setValue(s.loss.cutmix_probability);
  for (QWidget* field : fields) field->blockSignals(false);
}

void LossSettingsEditor::store(TrainingSettings& s) const {
  const QString weights = classWeights_->currentText().trimmed();
  s.loss.class_weights = weights.isEmpty() ? std::string("none") : weights.toStdString();
  s.loss.label_smoothing = labelSmoothing_->value();
  s.loss.best_metric = static_cast<BestMetric>(bestMetric_->currentData().toInt());
  s.loss.segmentation_loss =
      static_cast<SegmentationLoss>(segmentationLoss_->currentData().toInt());
  s.loss.sampler = static_cast<SamplerKind>(sampler_->currentData().toInt());
  s.loss.mixup_alpha = mixupAlpha_->value();
  s.loss.mixup_probability = mixupProbability_->value();
  s.loss.cutmix_alpha = cutmixAlpha_->value();
  s.loss.cutmix_probability = cutmixProbability_->value();
}

}  // namespace convstudio
