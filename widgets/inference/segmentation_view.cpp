#include "segmentation_view.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QPixmap>
#include <QSlider>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "heat_map_view.h"

namespace convstudio {
namespace {

QIcon swatch(const QColor& colour) {
  QPixmap pixmap(12, 12);
  pixmap.fill(colour);
  return QIcon(pixmap);
}

}  // namespace

SegmentationView::SegmentationView(QWidget* parent) : QWidget(parent) {
  caption_ = new QLabel(tr("Predict an image to see its mask."), this);
  caption_->setWordWrap(true);
  caption_->setObjectName(QStringLiteral("maskCaption"));
  overlay_ = new HeatMapView(this);
  overlay_->setObjectName(QStringLiteral("maskOverlay"));
  opacity_ = new QSlider(Qt::Horizontal, this);
  opacity_->setObjectName(QStringLiteral("maskOpacity"));
  opacity_->setRange(0, 100);
  opacity_->setValue(50);
  opacity_->setToolTip(tr("How strongly the predicted mask covers the image"));
  auto* opacityRow = new QHBoxLayout;
  opacityRow->addWidget(new QLabel(tr("Opacity"), this));
  opacityRow->addWidget(opacity_, 1);
  legend_ = new QTreeWidget(this);
  legend_->setObjectName(QStringLiteral("maskLegend"));
  legend_->setColumnCount(3);
  legend_->setHeaderLabels({tr("Class"), tr("Pixels"), tr("Share")});
  legend_->setRootIsDecorated(false);
  legend_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  legend_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  legend_->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(caption_);
  layout->addWidget(overlay_, 3);
  layout->addLayout(opacityRow);
  layout->addWidget(legend_, 2);
  overlay_->setOpacity(opacity());
  connect(opacity_, &QSlider::valueChanged, this, [this] { overlay_->setOpacity(opacity()); });
}

double SegmentationView::opacity() const {
  return opacity_->value() / 100.0;
}

void SegmentationView::showRow(const SegmentationRow& row) {
  legend_->clear();
  if (!row.error.isEmpty()) {
    caption_->setText(QStringLiteral("%1: %2").arg(QFileInfo(row.image).fileName(), row.error));
    overlay_->clear();
    return;
  }
  caption_->setText(tr("%1 as the model saw it (%2×%3), with its predicted mask")
                        .arg(QFileInfo(row.image).fileName())
                        .arg(row.picture.width())
                        .arg(row.picture.height()));
  overlay_->show(row.picture, row.mask, {}, 0, 0);
  qint64 total = 0;
  for (const SegmentationClassRow& entry : row.classes) total += entry.pixels;
  for (const SegmentationClassRow& entry : row.classes) {
    const double share = total > 0 ? 100.0 * static_cast<double>(entry.pixels) / total : 0.0;
    auto* item =
        new QTreeWidgetItem(legend_, {entry.name, QString::number(entry.pixels),
                                      QString::number(share, 'f', 1) + QStringLiteral(" %")});
    item->setIcon(0, swatch(entry.colour));
    item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
  }
}

void SegmentationView::clear() {
  legend_->clear();
  overlay_->clear();
  caption_->setText(tr("Predict an image to see its mask."));
}

}  // namespace convstudio
