#include "inference_panel.h"

#include <algorithm>

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "explain_section.h"
#include "explain_set_view.h"
#include "segmentation_view.h"

namespace convstudio {
namespace {

QString imageFilter() {
  return InferencePanel::tr(
      "Images (*.png *.jpg *.jpeg *.bmp *.tif *.tiff *.webp *.pgm *.ppm *.pnm)");
}

}  // namespace

InferencePanel::InferencePanel(QWidget* parent) : QWidget(parent) {
  setAcceptDrops(true);
  modelLabel_ = new QLabel(tr("No model: train one or open a checkpoint or export."), this);
  modelLabel_->setWordWrap(true);
  modelLabel_->setObjectName(QStringLiteral("inferenceModel"));
  modelChoice_ = new QComboBox(this);
  modelChoice_->setObjectName(QStringLiteral("inferenceModelChoice"));
  modelChoice_->setToolTip(
      tr("The project's trained models; the best of the newest finished run "
         "is chosen until you pick another"));
  modelChoice_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  modelChoice_->setMinimumContentsLength(16);
  modelChoice_->hide();  // until the project has trained models
  auto* openModel = new QPushButton(tr("Open model…"), this);
  openModel->setToolTip(
      tr("A checkpoint folder (*.ckpt), or a .safetensors, .onnx, AOTInductor .pt2 or "
         "TorchScript .pt export. A .pt2 or .pt file runs code from the file when it is opened: "
         "open only files you trust."));

  QFormLayout* settings = createPredictionSettings();

  openImages_ = new QPushButton(tr("Open images…"), this);
  predictFolder_ = new QPushButton(tr("Predict folder to CSV…"), this);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(openImages_);
  buttons->addWidget(predictFolder_);

  message_ = new QLabel(tr("Drop images here or open them."), this);
  message_->setWordWrap(true);
  message_->setObjectName(QStringLiteral("inferenceMessage"));
  folderProgress_ = new QProgressBar(this);
  folderProgress_->setObjectName(QStringLiteral("folderProgress"));
  folderProgress_->setFormat(tr("%v of %m images"));
  cancelFolder_ = new QPushButton(tr("Cancel"), this);
  cancelFolder_->setObjectName(QStringLiteral("cancelFolderPrediction"));
  auto* progressRow = new QHBoxLayout;
  progressRow->addWidget(folderProgress_, 1);
  progressRow->addWidget(cancelFolder_);
  folderProgress_->hide();
  cancelFolder_->hide();

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(modelChoice_);
  layout->addWidget(modelLabel_);
  layout->addWidget(openModel);
  layout->addLayout(settings);
  layout->addLayout(buttons);
  layout->addWidget(createTabs(), 1);
  layout->addLayout(progressRow);
  layout->addWidget(message_);

  connect(openModel, &QPushButton::clicked, this, &InferencePanel::chooseModel);
  connect(modelChoice_, &QComboBox::activated, this, [this](int index) {
    const QString path = modelChoice_->itemData(index).toString();
    if (!path.isEmpty()) emit modelFileChosen(path);
  });
  connect(openImages_, &QPushButton::clicked, this, &InferencePanel::chooseImages);
  connect(predictFolder_, &QPushButton::clicked, this, &InferencePanel::chooseFolder);
  connect(cancelFolder_, &QPushButton::clicked, this, [this] {
    cancelFolder_->setEnabled(false);
    showMessage(tr("Cancelling…"));
    emit folderPredictionCancelled();
  });
  connect(results_, &QTreeWidget::currentItemChanged, this, &InferencePanel::updateExplainedImage);
  connect(results_, &QTreeWidget::currentItemChanged, this, &InferencePanel::updateMask);
  connect(topK_, &QSpinBox::valueChanged, this, &InferencePanel::requestPredictions);
  connect(temperature_, &QDoubleSpinBox::valueChanged, this, &InferencePanel::requestPredictions);
  setModelText(modelLabel_->text(), false);
}

QTabWidget* InferencePanel::createTabs() {
  results_ = new QTreeWidget(this);
  results_->setColumnCount(2);
  results_->setHeaderLabels({tr("Image / class"), tr("Probability")});
  results_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  explain_ = new ExplainSection(this);
  explain_->setObjectName(QStringLiteral("explainSection"));
  tabs_ = new QTabWidget(this);
  tabs_->setObjectName(QStringLiteral("inferenceTabs"));
  tabs_->addTab(results_, tr("Predictions"));
  mask_ = new SegmentationView(this);
  mask_->setObjectName(QStringLiteral("maskView"));
  tabs_->addTab(mask_, tr("Mask"));
  tabs_->setTabVisible(tabs_->indexOf(mask_), false);  // until a segmentation model is loaded
  tabs_->addTab(explain_, tr("Explain"));
  explainSet_ = new ExplainSetView(this);
  tabs_->addTab(explainSet_, tr("Image set"));
  return tabs_;
}

QFormLayout* InferencePanel::createPredictionSettings() {
  topK_ = new QSpinBox(this);
  topK_->setRange(1, 100);
  topK_->setValue(5);
  topK_->setToolTip(tr("How many of the most likely classes to show per image"));
  temperature_ = new QDoubleSpinBox(this);
  temperature_->setRange(0.05, 10.0);
  temperature_->setSingleStep(0.1);
  temperature_->setValue(1.0);
  temperature_->setToolTip(
      tr("Softmax temperature: below 1 makes the model more confident, above 1 less"));
  auto* settings = new QFormLayout;
  settings->addRow(tr("Top classes"), topK_);
  settings->addRow(tr("Temperature"), temperature_);
  return settings;
}

int InferencePanel::topK() const {
  return topK_->value();
}
double InferencePanel::temperature() const {
  return temperature_->value();
}

void InferencePanel::setModelText(const QString& text, bool ready) {
  modelLabel_->setText(text);
  ready_ = ready;
  openImages_->setEnabled(ready);
  predictFolder_->setEnabled(ready);
  if (ready) requestPredictions();
}

void InferencePanel::setModelChoices(const QList<TrainedModelChoice>& choices,
                                     const QString& current) {
  choices_ = choices;
  inUse_ = current;
  fillModelChoice();
}

void InferencePanel::showModelInUse(const QString& path) {
  inUse_ = path;
  fillModelChoice();
}

void InferencePanel::fillModelChoice() {
  const QSignalBlocker blocker(modelChoice_);
  modelChoice_->clear();
  for (const TrainedModelChoice& choice : std::as_const(choices_)) {
    modelChoice_->addItem(choice.text, choice.path);
    modelChoice_->setItemData(modelChoice_->count() - 1, choice.path, Qt::ToolTipRole);
  }
  int current = modelChoice_->findData(inUse_);
  if (current < 0 && !inUse_.isEmpty()) {
    // A model opened from elsewhere (an ONNX export, another run's checkpoint): the list names
    // it rather than keep showing a checkpoint that is no longer in use.
    const QFileInfo file(inUse_);
    const QString name = file.fileName().endsWith(QLatin1String(".ckpt"))
                             ? file.dir().dirName() + QLatin1Char('/') + file.fileName()
                             : file.fileName();
    modelChoice_->insertItem(0, tr("%1 (opened)").arg(name), inUse_);
    modelChoice_->setItemData(0, inUse_, Qt::ToolTipRole);
    current = 0;
  }
  modelChoice_->setCurrentIndex(current);
  modelChoice_->setVisible(modelChoice_->count() > 0);
}

void InferencePanel::setImages(const QStringList& images) {
  images_ = images;
  updateExplainedImage();
  requestPredictions();
}

void InferencePanel::showExplainTab() {
  tabs_->setCurrentWidget(explain_);
}

void InferencePanel::showExplainSetTab() {
  tabs_->setCurrentWidget(explainSet_);
}

void InferencePanel::updateExplainedImage() {
  QTreeWidgetItem* item = results_->currentItem();
  while (item != nullptr && item->parent() != nullptr) item = item->parent();
  const QString chosen = item != nullptr ? item->toolTip(0) : QString();
  explain_->setImage(images_.contains(chosen) ? chosen : images_.value(0));
}

void InferencePanel::showPredictions(const QList<ImagePredictionRow>& rows) {
  results_->clear();
  for (const ImagePredictionRow& row : rows) {
    auto* image = new QTreeWidgetItem(results_, {QFileInfo(row.image).fileName()});
    image->setToolTip(0, row.image);
    if (!row.error.isEmpty()) {
      image->setText(1, row.error);
      continue;
    }
    for (qsizetype i = 0; i < row.classes.size(); ++i) {
      new QTreeWidgetItem(
          image, {row.classes[i], QString::number(row.probabilities.value(i) * 100.0, 'f', 2) +
                                      QStringLiteral(" %")});
    }
    if (!row.classes.isEmpty()) image->setText(1, row.classes.first());
    image->setExpanded(true);
  }
}

void InferencePanel::setSegmentation(bool segmentation) {
  segmentation_ = segmentation;
  segmentationRows_.clear();
  mask_->clear();
  tabs_->setTabVisible(tabs_->indexOf(mask_), segmentation);
  topK_->setEnabled(!segmentation);
  temperature_->setEnabled(!segmentation);
  predictFolder_->setVisible(!segmentation);
  results_->setHeaderLabels(segmentation ? QStringList{tr("Image / class"), tr("Pixels")}
                                         : QStringList{tr("Image / class"), tr("Probability")});
}

void InferencePanel::showSegmentation(const QList<SegmentationRow>& rows) {
  segmentationRows_ = rows;
  results_->clear();
  for (const SegmentationRow& row : rows) {
    auto* image = new QTreeWidgetItem(results_, {QFileInfo(row.image).fileName()});
    image->setToolTip(0, row.image);
    if (!row.error.isEmpty()) {
      image->setText(1, row.error);
      continue;
    }
    // The classes present, most pixels first; the image's row names the largest.
    QList<SegmentationClassRow> present;
    for (const SegmentationClassRow& entry : row.classes) {
      if (entry.pixels > 0) present << entry;
    }
    std::stable_sort(present.begin(), present.end(),
                     [](const auto& a, const auto& b) { return a.pixels > b.pixels; });
    for (const SegmentationClassRow& entry : std::as_const(present)) {
      new QTreeWidgetItem(image, {entry.name, QString::number(entry.pixels)});
    }
    if (!present.isEmpty()) image->setText(1, present.first().name);
    image->setExpanded(true);
  }
  if (results_->topLevelItemCount() > 0) results_->setCurrentItem(results_->topLevelItem(0));
  updateMask();
  tabs_->setCurrentWidget(mask_);
}

void InferencePanel::updateMask() {
  if (!segmentation_) return;
  QTreeWidgetItem* item = results_->currentItem();
  while (item != nullptr && item->parent() != nullptr) item = item->parent();
  const QString chosen = item != nullptr ? item->toolTip(0) : QString();
  for (const SegmentationRow& row : std::as_const(segmentationRows_)) {
    if (row.image == chosen) {
      mask_->showRow(row);
      return;
    }
  }
  mask_->clear();
}

void InferencePanel::showMessage(const QString& text) {
  message_->setText(text);
}

void InferencePanel::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void InferencePanel::dropEvent(QDropEvent* event) {
  QStringList files;
  for (const QUrl& url : event->mimeData()->urls()) {
    if (url.isLocalFile()) files << url.toLocalFile();
  }
  if (files.isEmpty()) return;
  event->acceptProposedAction();
  // A dropped model is opened; dropped images are predicted.
  const QFileInfo first(files.first());
  if (files.size() == 1 &&
      (first.isDir() || first.suffix() == QLatin1String("safetensors") ||
       first.suffix() == QLatin1String("pt") || first.suffix() == QLatin1String("onnx"))) {
    emit modelFileChosen(first.absoluteFilePath());
    return;
  }
  setImages(files);
}

void InferencePanel::chooseModel() {
  // The safe formats come first and are the default filter: an AOTInductor .pt2 (compiled code)
  // and a TorchScript .pt file carry code that runs when loaded, so they are offered separately,
  // with that said in their filters; .pt2, torch's current format, before the deprecated .pt.
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open model"), QString(),
      tr("Safe model files (*.safetensors *.onnx);;Checkpoint state (state.json);;"
         "AOTInductor package, runs compiled code from the file: open only if you trust it "
         "(*.pt2);;"
         "TorchScript (deprecated upstream), runs code from the file: open only if you trust it "
         "(*.pt)"));
  if (path.isEmpty()) return;
  // A checkpoint is a folder; choosing its state.json opens the folder.
  const QFileInfo info(path);
  emit modelFileChosen(info.fileName() == QLatin1String("state.json") ? info.absolutePath()
                                                                      : info.absoluteFilePath());
}

void InferencePanel::chooseImages() {
  const QStringList files =
      QFileDialog::getOpenFileNames(this, tr("Open images"), QString(), imageFilter());
  if (!files.isEmpty()) setImages(files);
}

void InferencePanel::chooseFolder() {
  const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder of images"));
  if (folder.isEmpty()) return;
  const QString csv = QFileDialog::getSaveFileName(this, tr("Save predictions as"),
                                                   folder + QStringLiteral("/predictions.csv"),
                                                   tr("CSV files (*.csv)"));
  if (csv.isEmpty()) return;
  predictFolder(folder, csv);
}

void InferencePanel::predictFolder(const QString& folder, const QString& csv) {
  showMessage(tr("Predicting every image in %1…").arg(folder));
  predictFolder_->setEnabled(false);  // one folder at a time
  folderProgress_->setRange(0, 0);    // busy until the files are counted
  folderProgress_->show();
  cancelFolder_->setEnabled(true);
  cancelFolder_->show();
  emit folderPredictionRequested(folder, csv, topK(), temperature());
}

void InferencePanel::showFolderProgress(qint64 done, qint64 total) {
  folderProgress_->setRange(0, static_cast<int>(std::max<qint64>(total, 1)));
  folderProgress_->setValue(static_cast<int>(done));
}

void InferencePanel::finishFolderPrediction(const QString& message) {
  folderProgress_->hide();
  cancelFolder_->hide();
  predictFolder_->setEnabled(ready_);
  showMessage(message);
}

void InferencePanel::requestPredictions() {
  if (!ready_ || images_.isEmpty()) return;
  emit predictionsRequested(images_, topK(), temperature());
}

}  // namespace convstudio
