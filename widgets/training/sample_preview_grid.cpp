#include "sample_preview_grid.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPixmap>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QVBoxLayout>

#include <algorithm>

#include "mask_overlay.h"
#include "planar_image.h"

namespace convstudio {

SamplePreviewGrid::SamplePreviewGrid(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("samplePreview"));
  summary_ = new QLabel(this);
  summary_->setObjectName(QStringLiteral("datasetSummary"));
  summary_->setWordWrap(true);
  summary_->hide();
  scanBar_ = new QProgressBar(this);
  scanBar_->setObjectName(QStringLiteral("scanProgress"));
  scanBar_->setRange(0, 0);  // the number of files is unknown until the scan ends
  scanBar_->setTextVisible(true);
  cancelScan_ = new QPushButton(tr("Cancel"), this);
  cancelScan_->setObjectName(QStringLiteral("cancelScan"));
  cancelScan_->setToolTip(tr("Stop scanning the dataset folder"));
  auto* scanRow = new QHBoxLayout;
  scanRow->addWidget(scanBar_, 1);
  scanRow->addWidget(cancelScan_);
  hideScan();

  grid_ = new QGridLayout;
  grid_->setSpacing(3);
  for (int i = 0; i < kColumns * kRows; ++i) {
    auto* cell = new QLabel(this);
    cell->setFixedSize(kThumbnailSize, kThumbnailSize);
    cell->setAlignment(Qt::AlignCenter);
    cell->setFrameShape(QFrame::StyledPanel);
    grid_->addWidget(cell, i / kColumns, i % kColumns);
    cells_ << cell;
  }
  message_ = new QLabel(tr("No preview yet."), this);
  message_->setWordWrap(true);
  auto* shuffle = new QPushButton(tr("Shuffle"), this);
  shuffle->setToolTip(tr("Draw other images and other random augmentations"));
  showMasks_ = new QCheckBox(tr("Masks"), this);
  showMasks_->setObjectName(QStringLiteral("showMasks"));
  showMasks_->setToolTip(tr("Draw each image's segmentation mask over it in the class colours"));
  showMasks_->setChecked(true);
  maskOpacity_ = new QSlider(Qt::Horizontal, this);
  maskOpacity_->setObjectName(QStringLiteral("maskOpacity"));
  maskOpacity_->setRange(0, 100);
  maskOpacity_->setValue(50);
  maskOpacity_->setMaximumWidth(80);
  maskOpacity_->setToolTip(tr("How strongly the masks cover their images"));
  auto* bottom = new QHBoxLayout;
  bottom->addWidget(message_, 1);
  bottom->addWidget(showMasks_);
  bottom->addWidget(maskOpacity_);
  bottom->addWidget(shuffle);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(summary_);
  layout->addLayout(scanRow);
  layout->addLayout(grid_);
  layout->addLayout(bottom);
  connect(shuffle, &QPushButton::clicked, this, &SamplePreviewGrid::shuffleRequested);
  connect(cancelScan_, &QPushButton::clicked, this, &SamplePreviewGrid::scanCancelRequested);
  connect(showMasks_, &QCheckBox::toggled, this, [this](bool shown) {
    maskOpacity_->setEnabled(shown);
    drawSamples();
  });
  connect(maskOpacity_, &QSlider::valueChanged, this, &SamplePreviewGrid::drawSamples);
  showMasks_->hide();
  maskOpacity_->hide();
}

void SamplePreviewGrid::setMasksShown(bool shown) {
  showMasks_->setChecked(shown);
}

void SamplePreviewGrid::setMaskOpacity(int percent) {
  maskOpacity_->setValue(percent);
}

bool SamplePreviewGrid::masksOffered() const {
  return !showMasks_->isHidden();
}

void SamplePreviewGrid::showSamples(const std::vector<PreviewSample>& samples) {
  hideScan();
  samples_ = samples;
  const bool masks =
      std::any_of(samples_.begin(), samples_.end(), [](const auto& s) { return !s.mask.empty(); });
  showMasks_->setVisible(masks);
  maskOpacity_->setVisible(masks);
  drawSamples();
  message_->setText(shown_ == 0 ? tr("The dataset has no training images.")
                    : masks     ? tr("Training images and their masks with augmentation (hover "
                                         "for the classes).")
                                : tr("Training images with augmentation (hover for the class)."));
}

void SamplePreviewGrid::drawSamples() {
  shown_ = 0;
  const double opacity = showMasks_->isChecked() ? maskOpacity_->value() / 100.0 : 0.0;
  for (int i = 0; i < cells_.size(); ++i) {
    QLabel* cell = cells_[i];
    if (static_cast<std::size_t>(i) < samples_.size()) {
      const PreviewSample& sample = samples_[static_cast<std::size_t>(i)];
      QImage image =
          planarImage(sample.channels, sample.height, sample.width, sample.pixels.data());
      if (!sample.mask.empty() && opacity > 0.0) {
        image = maskOverlay(image, sample.mask.data(), sample.class_colours, opacity);
      }
      // Nearest-neighbour keeps small images' pixels honest.
      cell->setPixmap(QPixmap::fromImage(image.scaled(
          kThumbnailSize - 4, kThumbnailSize - 4, Qt::KeepAspectRatio, Qt::FastTransformation)));
      cell->setToolTip(QString::fromStdString(sample.class_name));
      ++shown_;
    } else {
      cell->clear();
      cell->setToolTip({});
    }
  }
}

void SamplePreviewGrid::showMessage(const QString& text) {
  hideScan();
  shown_ = 0;
  samples_.clear();
  showMasks_->hide();
  maskOpacity_->hide();
  for (QLabel* cell : std::as_const(cells_)) cell->clear();
  message_->setText(text);
}

void SamplePreviewGrid::showProblem(const QString& text) {
  summary_->hide();
  showMessage(text);
}

void SamplePreviewGrid::showScanProgress(qint64 files) {
  summary_->hide();
  scanBar_->show();
  cancelScan_->show();
  scanBar_->setFormat(tr("Scanning… %1 files").arg(QLocale().toString(files)));
}

void SamplePreviewGrid::showDatasetSummary(const QStringList& classNames,
                                           const QList<qint64>& trainCounts, qint64 trainCount,
                                           qint64 validationCount, const QString& shape,
                                           const QString& validation) {
  hideScan();
  const QLocale locale;
  QStringList perClass;
  for (int c = 0; c < classNames.size() && c < kClassesListed; ++c) {
    perClass << tr("%1: %2").arg(classNames[c],
                                 locale.toString(c < trainCounts.size() ? trainCounts[c] : 0));
  }
  if (classNames.size() > kClassesListed) {
    perClass << tr("and %n more class(es)", nullptr,
                   static_cast<int>(classNames.size() - kClassesListed));
  }
  summary_->setText(tr("%1 training and %2 validation images in %n class(es), fitted to %3.",
                       nullptr, static_cast<int>(classNames.size()))
                        .arg(locale.toString(trainCount), locale.toString(validationCount), shape) +
                    (validation.isEmpty() ? QString() : QLatin1Char('\n') + validation) +
                    QLatin1Char('\n') + perClass.join(QStringLiteral(" · ")));
  summary_->show();
}

bool SamplePreviewGrid::scanning() const {
  return !scanBar_->isHidden();
}

QString SamplePreviewGrid::summaryText() const {
  return summary_->isHidden() ? QString() : summary_->text();
}

void SamplePreviewGrid::hideScan() {
  scanBar_->hide();
  cancelScan_->hide();
}

}  // namespace convstudio
