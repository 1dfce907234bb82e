#pragma once
// A grid of training images as the model will see them, augmentation included, so the user
// can judge the augmentation before training. The images come from the owner (the dataset is
// loaded off the UI thread); "Shuffle" asks for another draw.

#include <QImage>
#include <QList>
#include <QWidget>

class QGridLayout;
class QLabel;

namespace convstudio {

class SamplePreviewGrid : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kColumns = 6;
  static constexpr int kRows = 2;
  static constexpr int kThumbnailSize = 56;

  explicit SamplePreviewGrid(QWidget* parent = nullptr);

  void showSamples(const QList<QImage>& images, const QStringList& captions);
  // A line instead of the images: "Loading…", or why the data cannot be read.
  void showMessage(const QString& text);
  int sampleCount() const { return shown_; }
  static int wantedCount() { return kColumns * kRows; }

 signals:
  void shuffleRequested();

 private:
  QGridLayout* grid_ = nullptr;
  QList<QLabel*> cells_;
  QLabel* message_ = nullptr;
  int shown_ = 0;
};

}  // namespace convstudio
