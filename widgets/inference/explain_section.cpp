#include "explain_section.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>

#include "convstudio/explain/explanation.h"
#include "feature_map_grid.h"
#include "heat_map_view.h"

namespace convstudio {
namespace {

constexpr int kProgressSteps = 1000;

ExplainMethod methodOf(int value) {
  return static_cast<ExplainMethod>(value);
}

}  // namespace

ExplainSection::ExplainSection(QWidget* parent) : QWidget(parent) {
  heatMap_ = new HeatMapView(this);
  heatMap_->setObjectName(QStringLiteral("explainHeatMap"));
  opacity_ = new QSlider(Qt::Horizontal, this);
  opacity_->setObjectName(QStringLiteral("explainOpacity"));
  opacity_->setRange(0, 100);
  opacity_->setValue(50);
  opacity_->setToolTip(tr("How strongly the heat map covers the image"));
  save_ = new QPushButton(tr("Save overlay as PNG…"), this);
  save_->setObjectName(QStringLiteral("saveOverlay"));
  save_->setEnabled(false);
  auto* heatPage = new QWidget(this);
  auto* opacityRow = new QHBoxLayout;
  opacityRow->addWidget(new QLabel(tr("Opacity"), heatPage));
  opacityRow->addWidget(opacity_, 1);
  opacityRow->addWidget(save_);
  auto* heatLayout = new QVBoxLayout(heatPage);
  heatLayout->setContentsMargins(0, 0, 0, 0);
  heatLayout->addWidget(heatMap_, 1);
  heatLayout->addLayout(opacityRow);
  features_ = new FeatureMapGrid(this);
  features_->setObjectName(QStringLiteral("explainFeatureMaps"));
  views_ = new QStackedWidget(this);
  views_->addWidget(heatPage);
  views_->addWidget(features_);
  message_ = new QLabel(tr("Open an image to see why the model predicts its class."), this);
  message_->setObjectName(QStringLiteral("explainMessage"));
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(createChoices());
  layout->addWidget(views_, 1);
  layout->addWidget(createRunRow());
  layout->addWidget(message_);

  connect(opacity_, &QSlider::valueChanged, this,
          [this](int percent) { heatMap_->setOpacity(percent / 100.0); });
  connect(save_, &QPushButton::clicked, this, &ExplainSection::saveOverlay);
  connect(cancel_, &QPushButton::clicked, this, [this] {
    cancel_->setEnabled(false);
    showMessage(tr("Cancelling…"));
    emit explainCancelled();
  });
  connect(method_, &QComboBox::currentIndexChanged, this, [this] {
    block_->setEnabled(explain_method_needs_block(methodOf(method())));
    requestExplanation();
  });
  connect(class_, &QComboBox::currentIndexChanged, this, &ExplainSection::requestExplanation);
  connect(block_, &QComboBox::currentIndexChanged, this, [this] {
    if (explain_method_needs_block(methodOf(method()))) requestExplanation();
  });
  clearModel(tr("No model to explain yet."));
}

QWidget* ExplainSection::createChoices() {
  method_ = new QComboBox(this);
  method_->setObjectName(QStringLiteral("explainMethod"));
  method_->addItem(tr("Grad-CAM"), static_cast<int>(ExplainMethod::GradCam));
  method_->addItem(tr("Grad-CAM++"), static_cast<int>(ExplainMethod::GradCamPlusPlus));
  method_->addItem(tr("Occlusion"), static_cast<int>(ExplainMethod::Occlusion));
  method_->addItem(tr("Saliency"), static_cast<int>(ExplainMethod::Saliency));
  method_->addItem(tr("Feature maps"), static_cast<int>(ExplainMethod::FeatureMaps));
  method_->setToolTip(
      tr("Grad-CAM: where the block's features raise the class score. Occlusion: how much "
         "covering each part lowers it. Saliency: which pixels it is most sensitive to. Feature "
         "maps: what each channel of the block responds to."));
  class_ = new QComboBox(this);
  class_->setObjectName(QStringLiteral("explainClass"));
  class_->setToolTip(tr("The class whose score is explained"));
  block_ = new QComboBox(this);
  block_->setObjectName(QStringLiteral("explainBlock"));
  block_->setToolTip(
      tr("The block whose output is explained; follows the block selected on the canvas"));
  auto* choices = new QWidget(this);
  auto* form = new QFormLayout(choices);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Method"), method_);
  form->addRow(tr("Class"), class_);
  form->addRow(tr("Block"), block_);
  return choices;
}

QWidget* ExplainSection::createRunRow() {
  progress_ = new QProgressBar(this);
  progress_->setObjectName(QStringLiteral("explainProgress"));
  progress_->setTextVisible(false);
  cancel_ = new QPushButton(tr("Cancel"), this);
  cancel_->setObjectName(QStringLiteral("cancelExplain"));
  auto* row = new QWidget(this);
  auto* layout = new QHBoxLayout(row);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(progress_, 1);
  layout->addWidget(cancel_);
  progress_->hide();
  cancel_->hide();
  return row;
}

int ExplainSection::method() const {
  return method_->currentData().toInt();
}

QString ExplainSection::block() const {
  return block_->currentText();
}

int ExplainSection::targetClass() const {
  return class_->currentIndex() < 0 ? -1 : class_->currentData().toInt();
}

void ExplainSection::setModel(const QStringList& classNames, const QStringList& spatialBlocks,
                              const QString& defaultBlock) {
  {
    const QSignalBlocker classes(class_);
    const QSignalBlocker blocks(block_);
    class_->clear();
    class_->addItem(tr("Top prediction"), -1);
    for (qsizetype i = 0; i < classNames.size(); ++i) {
      class_->addItem(QStringLiteral("%1: %2").arg(i).arg(classNames[i]), static_cast<int>(i));
    }
    block_->clear();
    block_->addItems(spatialBlocks);
    block_->setCurrentIndex(std::max(0, block_->findText(defaultBlock)));
  }
  ready_ = true;
  requestExplanation();
}

void ExplainSection::clearModel(const QString& why) {
  ready_ = false;
  class_->clear();
  block_->clear();
  heatMap_->clear();
  features_->clear();
  save_->setEnabled(false);
  finishRun();
  showMessage(why);
}

void ExplainSection::setImage(const QString& path) {
  if (path == image_) return;
  image_ = path;
  requestExplanation();
}

void ExplainSection::followBlock(const QString& blockId) {
  if (blockId.isEmpty() || !ready_ || blockId == block()) return;
  // A block without a C×H×W output is offered too: the engine says why it cannot be explained.
  if (block_->findText(blockId) < 0) block_->addItem(blockId);
  block_->setCurrentIndex(block_->findText(blockId));
}

void ExplainSection::setMethod(int method) {
  method_->setCurrentIndex(method_->findData(method));
}

void ExplainSection::requestExplanation() {
  if (!ready_ || image_.isEmpty()) return;
  progress_->setRange(0, 0);  // busy until the engine reports a fraction
  progress_->show();
  cancel_->setEnabled(true);
  cancel_->show();
  showMessage(tr("Explaining %1…").arg(QFileInfo(image_).fileName()));
  emit explainRequested(image_, method(), block(), targetClass());
}

void ExplainSection::showProgress(double fraction) {
  progress_->setRange(0, kProgressSteps);
  progress_->setValue(static_cast<int>(fraction * kProgressSteps));
}

void ExplainSection::showExplanation(const ExplanationPicture& picture) {
  finishRun();
  const bool maps = !picture.featureMaps.isEmpty();
  views_->setCurrentWidget(maps ? static_cast<QWidget*>(features_) : views_->widget(0));
  if (maps) {
    heatMap_->clear();
    features_->show(picture.featureMaps, picture.channels);
  } else {
    features_->clear();
    heatMap_->show(picture.image, picture.heatMap, picture.colourScale, picture.low, picture.high);
  }
  save_->setEnabled(!picture.heatMap.isNull());
  showMessage(picture.summary);
  emit explanationShown();
}

void ExplainSection::showFailure(const QString& text) {
  finishRun();
  heatMap_->clear();
  features_->clear();
  save_->setEnabled(false);
  showMessage(text);
  emit explanationShown();
}

void ExplainSection::showMessage(const QString& text) {
  message_->setText(text);
}

void ExplainSection::finishRun() {
  progress_->hide();
  cancel_->hide();
}

void ExplainSection::saveOverlay() {
  const QString stem = QFileInfo(image_).completeBaseName();
  const QString file = QFileDialog::getSaveFileName(
      this, tr("Save overlay as PNG"),
      QFileInfo(image_).absolutePath() + QLatin1Char('/') + stem + QStringLiteral(".overlay.png"),
      tr("PNG images (*.png)"));
  if (!file.isEmpty()) emit overlaySaveRequested(file, opacity_->value() / 100.0);
}

}  // namespace convstudio
