#include "sample_preview_grid.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPixmap>
#include <QPushButton>
#include <QVBoxLayout>

namespace convstudio {

SamplePreviewGrid::SamplePreviewGrid(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("samplePreview"));
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
  auto* bottom = new QHBoxLayout;
  bottom->addWidget(message_, 1);
  bottom->addWidget(shuffle);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(grid_);
  layout->addLayout(bottom);
  connect(shuffle, &QPushButton::clicked, this, &SamplePreviewGrid::shuffleRequested);
}

void SamplePreviewGrid::showSamples(const QList<QImage>& images, const QStringList& captions) {
  shown_ = 0;
  for (int i = 0; i < cells_.size(); ++i) {
    QLabel* cell = cells_[i];
    if (i < images.size()) {
      // Nearest-neighbour keeps small images' pixels honest.
      cell->setPixmap(QPixmap::fromImage(images[i].scaled(
          kThumbnailSize - 4, kThumbnailSize - 4, Qt::KeepAspectRatio, Qt::FastTransformation)));
      cell->setToolTip(i < captions.size() ? captions[i] : QString());
      ++shown_;
    } else {
      cell->clear();
      cell->setToolTip({});
    }
  }
  message_->setText(shown_ > 0 ? tr("Training images with augmentation (hover for the class).")
                               : tr("The dataset has no training images."));
}

void SamplePreviewGrid::showMessage(const QString& text) {
  shown_ = 0;
  for (QLabel* cell : std::as_const(cells_)) cell->clear();
  message_->setText(text);
}

}  // namespace convstudio
