#pragma once
// A grid of training images as the model will see them, augmentation included, so the user
// can judge the augmentation before training; above it, what the dataset holds (images per
// class, the split, the input shape) or, while a big folder is scanned, the scan's progress
// with a Cancel button. The images come from the owner (the dataset is opened off the UI
// thread); "Shuffle" asks for another draw. Segmentation samples show their masks over them in
// the class colours, with a toggle and an opacity slider.

#include <QList>
#include <QWidget>

#include <vector>

#include "convstudio/data/preview_sample.h"

class QCheckBox;
class QGridLayout;
class QLabel;
class QSlider;
class QProgressBar;
class QPushButton;

namespace convstudio {

class SamplePreviewGrid : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kColumns = 6;
  static constexpr int kRows = 2;
  static constexpr int kThumbnailSize = 56;
  static constexpr int kClassesListed = 12;  // more are summed up in one "and N more"

  explicit SamplePreviewGrid(QWidget* parent = nullptr);

  // Each sample drawn from its pixels (with its mask over it, when it has one), its class name
  // (or the classes its mask shows) as the tooltip.
  void showSamples(const std::vector<PreviewSample>& samples);
  // Whether masks are drawn, and how strongly (0-100 %).
  void setMasksShown(bool shown);
  void setMaskOpacity(int percent);
  bool masksOffered() const;
  // A line instead of the images, such as "Loading…".
  void showMessage(const QString& text);
  // Why the data cannot be read (or that its scan was cancelled): the summary goes too.
  void showProblem(const QString& text);
  // A scan in progress: files found so far, with Cancel.
  void showScanProgress(qint64 files);
  // What the dataset holds: training images per class, the split and the input shape, and a
  // line saying where the validation images come from.
  void showDatasetSummary(const QStringList& classNames, const QList<qint64>& trainCounts,
                          qint64 trainCount, qint64 validationCount, const QString& shape,
                          const QString& validation = QString());
  int sampleCount() const { return shown_; }
  bool scanning() const;
  QString summaryText() const;
  static int wantedCount() { return kColumns * kRows; }

 signals:
  void shuffleRequested();
  void scanCancelRequested();

 private:
  void hideScan();
  void drawSamples();

  QGridLayout* grid_ = nullptr;
  QList<QLabel*> cells_;
  QLabel* message_ = nullptr;
  QLabel* summary_ = nullptr;
  QProgressBar* scanBar_ = nullptr;
  QPushButton* cancelScan_ = nullptr;
  QCheckBox* showMasks_ = nullptr;
  QSlider* maskOpacity_ = nullptr;
  std::vector<PreviewSample> samples_;  // kept to draw again when the mask controls change
  int shown_ = 0;
};

}  // namespace convstudio
