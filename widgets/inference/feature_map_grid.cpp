#include "feature_map_grid.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QSlider>
#include <QVBoxLayout>
#include <QWheelEvent>

namespace convstudio {
namespace {

constexpr int kSmallest = 24;
constexpr int kLargest = 256;
constexpr int kFirstSize = 64;
constexpr int kWheelStep = 16;

}  // namespace

FeatureMapGrid::FeatureMapGrid(QWidget* parent) : QWidget(parent) {
  tiles_ = new QListWidget(this);
  tiles_->setObjectName(QStringLiteral("featureMapTiles"));
  tiles_->setViewMode(QListView::IconMode);
  tiles_->setResizeMode(QListView::Adjust);
  tiles_->setMovement(QListView::Static);
  tiles_->setUniformItemSizes(true);
  tiles_->setSelectionMode(QAbstractItemView::NoSelection);
  tiles_->viewport()->installEventFilter(this);
  zoom_ = new QSlider(Qt::Horizontal, this);
  zoom_->setObjectName(QStringLiteral("featureMapZoom"));
  zoom_->setRange(kSmallest, kLargest);
  zoom_->setToolTip(tr("Tile size (Ctrl + wheel over the maps)"));
  auto* zoomRow = new QHBoxLayout;
  zoomRow->addWidget(new QLabel(tr("Zoom"), this));
  zoomRow->addWidget(zoom_, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(tiles_, 1);
  layout->addLayout(zoomRow);
  connect(zoom_, &QSlider::valueChanged, this, [this](int pixels) {
    tiles_->setIconSize({pixels, pixels});
  });
  setTileSize(kFirstSize);
}

void FeatureMapGrid::show(const QList<QImage>& maps, const QList<qint64>& channels) {
  tiles_->clear();
  for (qsizetype i = 0; i < maps.size(); ++i) {
    // Scaled once to the largest tile, without smoothing: activations stay crisp squares.
    const QImage tile = maps[i].scaled(kLargest, kLargest, Qt::KeepAspectRatio);
    auto* item = new QListWidgetItem(QIcon(QPixmap::fromImage(tile)),
                                     QString::number(channels.value(i)), tiles_);
    item->setToolTip(tr("Channel %1").arg(channels.value(i)));
  }
}

void FeatureMapGrid::clear() {
  tiles_->clear();
}

int FeatureMapGrid::tileCount() const {
  return tiles_->count();
}

int FeatureMapGrid::tileSize() const {
  return zoom_->value();
}

void FeatureMapGrid::setTileSize(int pixels) {
  zoom_->setValue(pixels);
  tiles_->setIconSize({zoom_->value(), zoom_->value()});
}

bool FeatureMapGrid::eventFilter(QObject* watched, QEvent* event) {
  if (watched == tiles_->viewport() && event->type() == QEvent::Wheel) {
    auto* wheel = static_cast<QWheelEvent*>(event);
    if (wheel->modifiers() & Qt::ControlModifier) {
      setTileSize(tileSize() + (wheel->angleDelta().y() > 0 ? kWheelStep : -kWheelStep));
      return true;
    }
  }
  return QWidget::eventFilter(watched, event);
}

}  // namespace convstudio
