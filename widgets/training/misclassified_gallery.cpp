#include "misclassified_gallery.h"

#include <QImage>
#include <QPixmap>

namespace convstudio {

MisclassifiedGallery::MisclassifiedGallery(QWidget* parent) : QListWidget(parent) {
  setObjectName(QStringLiteral("misclassifiedGallery"));
  setViewMode(QListView::IconMode);
  setIconSize(QSize(kThumbnailSize, kThumbnailSize));
  setGridSize(QSize(kThumbnailSize + 60, kThumbnailSize + 44));
  setResizeMode(QListView::Adjust);
  setMovement(QListView::Static);
  setWordWrap(true);
  setSelectionMode(QAbstractItemView::NoSelection);
  setUniformItemSizes(true);
}

QImage MisclassifiedGallery::toImage(int channels, int height, int width,
                                     const std::uint8_t* pixels) {
  const qsizetype plane = static_cast<qsizetype>(height) * width;
  if (channels == 3) {
    QImage image(width, height, QImage::Format_RGB888);
    for (int y = 0; y < height; ++y) {
      uchar* line = image.scanLine(y);
      for (int x = 0; x < width; ++x) {
        const qsizetype at = static_cast<qsizetype>(y) * width + x;
        for (int c = 0; c < 3; ++c) line[x * 3 + c] = pixels[c * plane + at];
      }
    }
    return image;
  }
  QImage image(width, height, QImage::Format_Grayscale8);
  for (int y = 0; y < height; ++y) {
    std::copy_n(pixels + static_cast<qsizetype>(y) * width, width, image.scanLine(y));
  }
  return image;
}

void MisclassifiedGallery::showEpoch(const EpochMetrics& epoch) {
  clear();
  const auto name = [&epoch](std::int64_t index) {
    return index >= 0 && index < static_cast<std::int64_t>(epoch.class_names.size())
               ? QString::fromStdString(epoch.class_names[static_cast<std::size_t>(index)])
               : QString::number(index);
  };
  for (const MisclassifiedSample& sample : epoch.misclassified) {
    if (sample.pixels.size() < static_cast<std::size_t>(sample.channels) *
                                   static_cast<std::size_t>(sample.height) *
                                   static_cast<std::size_t>(sample.width)) {
      continue;
    }
    const QImage image =
        toImage(sample.channels, sample.height, sample.width, sample.pixels.data())
            .scaled(kThumbnailSize, kThumbnailSize, Qt::KeepAspectRatio, Qt::FastTransformation);
    auto* item = new QListWidgetItem(QIcon(QPixmap::fromImage(image)),
                                     tr("true: %1\npredicted: %2 (%3%)")
                                         .arg(name(sample.true_class), name(sample.predicted_class))
                                         .arg(sample.confidence * 100, 0, 'f', 0),
                                     this);
    item->setTextAlignment(Qt::AlignHCenter | Qt::AlignTop);
  }
}

}  // namespace convstudio
