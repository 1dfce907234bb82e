#pragma once
// A block's feature maps as a grid of grey tiles, largest mean activation first, each named by
// its channel; the slider (or Ctrl + wheel over the grid) zooms the tiles.

#include <QImage>
#include <QList>
#include <QWidget>

class QListWidget;
class QSlider;

namespace convstudio {

class FeatureMapGrid : public QWidget {
  Q_OBJECT

 public:
  explicit FeatureMapGrid(QWidget* parent = nullptr);

  void show(const QList<QImage>& maps, const QList<qint64>& channels);
  void clear();
  int tileCount() const;
  int tileSize() const;
  void setTileSize(int pixels);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  QListWidget* tiles_ = nullptr;
  QSlider* zoom_ = nullptr;
};

}  // namespace convstudio
