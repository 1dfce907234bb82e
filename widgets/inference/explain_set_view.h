#pragma once
// The Inference panel's Image set tab: the images of a confusion-matrix cell or of the
// misclassified gallery, each with its true and predicted class, and after "Explain these" their
// overlays (image + heat map) as a grid. A click shows one large in the Explain tab; Save all
// writes every overlay as PNG. It only shows and asks; the app's ExplainSetController runs it.

#include <QImage>
#include <QList>
#include <QString>
#include <QWidget>

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;

namespace convstudio {

struct ExplainSetItem {
  QImage image;     // the image as the model saw it
  QString caption;  // "true: …\npredicted: …"
};

class ExplainSetView : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kThumbnailSize = 96;

  explicit ExplainSetView(QWidget* parent = nullptr);

  int itemCount() const;
  int overlayCount() const { return overlays_; }
  // Makes item `index` the current one, as a click does (tests, the arrow keys).
  void chooseItem(int index);
  bool running() const { return running_; }

 public slots:
  // A new set: what it is (`title`) and its images, not explained yet.
  void showSet(const QString& title, const QList<convstudio::ExplainSetItem>& items);
  // Nothing to show, and why (no model, the evaluation failed, the cell is empty…).
  void clearSet(const QString& why);
  void showOverlay(int index, const QImage& overlay);
  void showProgress(int done, int total);
  // The run ended: how (all explained, cancelled, or the first failure).
  void finish(const QString& message);
  void showMessage(const QString& text);
  // Starts explaining the set, as the button does.
  void explainAll();

 signals:
  void explainRequested();
  void cancelRequested();
  void saveAllRequested(const QString& folder);
  void itemChosen(int index);  // clicked or stepped to: shown large in the Explain tab
  void itemOpened(int index);  // double-clicked: the Explain tab comes to the front

 private:
  void chooseFolder();
  void updateButtons();

  QLabel* title_ = nullptr;
  QListWidget* grid_ = nullptr;
  QPushButton* explain_ = nullptr;
  QPushButton* cancel_ = nullptr;
  QPushButton* saveAll_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* message_ = nullptr;
  QList<QImage> images_;  // each item's image, shown again when a new run starts
  int overlays_ = 0;
  bool running_ = false;
};

}  // namespace convstudio
