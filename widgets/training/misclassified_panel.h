#pragma once
// The Misclassified dock: the gallery of the latest validation's wrong images, and the button
// that explains all of them (in the Inference panel's Image set tab).

#include <QWidget>

class QPushButton;

namespace convstudio {

class MisclassifiedGallery;

class MisclassifiedPanel : public QWidget {
  Q_OBJECT

 public:
  explicit MisclassifiedPanel(MisclassifiedGallery* gallery, QWidget* parent = nullptr);
  // Stops following the gallery first: deleting its items later must not reach the button.
  ~MisclassifiedPanel() override;

  MisclassifiedGallery* gallery() const { return gallery_; }

 signals:
  // Explain these: every image the gallery shows now (MisclassifiedGallery::samples).
  void explainRequested();

 private:
  MisclassifiedGallery* gallery_ = nullptr;
  QPushButton* explain_ = nullptr;
};

}  // namespace convstudio
