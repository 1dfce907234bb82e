#include "misclassified_gallery.h"

#include <QImage>
#include <QPixmap>

#include "planar_image.h"

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

void MisclassifiedGallery::showEpoch(const EpochMetrics& epoch) {
  clear();
  samples_.clear();
  classNames_ = epoch.class_names;
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
        planarImage(sample.channels, sample.height, sample.width, sample.pixels.data())
            .scaled(kThumbnailSize, kThumbnailSize, Qt::KeepAspectRatio, Qt::FastTransformation);
    auto* item = new QListWidgetItem(QIcon(QPixmap::fromImage(image)),
                                     tr("true: %1\npredicted: %2 (%3%)")
                                         .arg(name(sample.true_class), name(sample.predicted_class))
                                         .arg(sample.confidence * 100, 0, 'f', 0),
                                     this);
    item->setTextAlignment(Qt::AlignHCenter | Qt::AlignTop);
    samples_.push_back(sample);
  }
}

}  // namespace convstudio
