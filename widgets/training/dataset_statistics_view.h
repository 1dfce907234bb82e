#pragma once
// What the dataset holds per class, drawn: a bar per class for the training and the validation
// split, the image sizes and the grey/colour share below, and a warning above when one class
// outnumbers another more than 10:1, with what to do about it. The statistics are counted off
// the UI thread (the preview loader) and handed over as a plain struct. Segmentation data also
// shows each class's share of the pixels in both splits, beside a patch of its colour.

#include <QWidget>

#include "convstudio/data/dataset_statistics.h"

class QCPBarsGroup;
class QCustomPlot;
class QLabel;

namespace convstudio {

class DatasetStatisticsView : public QWidget {
  Q_OBJECT

 public:
  // More classes than this are summed up in a line rather than drawn.
  static constexpr int kClassesCharted = 24;

  explicit DatasetStatisticsView(QWidget* parent = nullptr);

  void showStatistics(const DatasetStatistics& statistics);
  // The data cannot be read (or is being read again): nothing is shown.
  void clear();

  bool warningShown() const;
  QString warningText() const;
  QString sizesText() const;
  QString pixelSharesText() const;  // "" unless the data has masks

 private:
  void drawCounts(const DatasetStatistics& statistics);
  QString imbalanceText(const DatasetStatistics& statistics) const;
  QString describeSizes(const ImageSizeStatistics& sizes) const;
  QString describePixelShares(const DatasetStatistics& statistics) const;

  QLabel* warning_ = nullptr;
  QCustomPlot* chart_ = nullptr;
  QCPBarsGroup* barsGroup_ = nullptr;  // sets the training and validation bars side by side
  QLabel* sizes_ = nullptr;
  QLabel* pixelShares_ = nullptr;
};

}  // namespace convstudio
