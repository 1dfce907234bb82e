#pragma once
// Training > Find Learning Rate: the range test's curve while it runs (with Stop), then the
// suggested learning rate marked on it and one button to use it. Applying asks the owner to
// change the project's learning rate (an undoable settings edit); the dialog changes nothing.

#include <QDialog>

#include "convstudio/train/lr_finder.h"

class QLabel;
class QProgressBar;
class QPushButton;

namespace convstudio {

class LrFinderPlot;

class LrFinderDialog : public QDialog {
  Q_OBJECT

 public:
  explicit LrFinderDialog(QWidget* parent = nullptr);

  // A new test with `steps` steps; `currentLr` is the project's learning rate now.
  void begin(double currentLr, std::int64_t steps);
  void showPoint(const LrFinderPoint& point, std::int64_t step, std::int64_t steps);
  void showResult(const LrFinderResult& result);
  void showFailure(const QString& message);

  LrFinderPlot* plot() const { return plot_; }
  QPushButton* applyButton() const { return apply_; }
  QString statusText() const;

 signals:
  void cancelRequested();
  void applyRequested(double lr);

 private:
  void setRunning(bool running);

  LrFinderPlot* plot_ = nullptr;
  QLabel* status_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QPushButton* stop_ = nullptr;
  QPushButton* apply_ = nullptr;
  QPushButton* close_ = nullptr;
  double currentLr_ = 0;
  double suggested_ = 0;
};

}  // namespace convstudio
