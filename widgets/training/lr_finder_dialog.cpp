#include "lr_finder_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include "lr_finder_plot.h"

namespace convstudio {

LrFinderDialog::LrFinderDialog(QWidget* parent) : QDialog(parent) {
  setObjectName(QStringLiteral("lrFinderDialog"));
  setWindowTitle(tr("Find Learning Rate"));
  auto* intro = new QLabel(
      tr("The learning rate grows exponentially over a few hundred steps on the training data "
         "while the loss is recorded. Two suggestions, as fastai makes them: the steepest fall "
         "of the smoothed loss (used by the button below) and the valley, about half way along "
         "the longest stretch of falling loss (fastai's default). The model's weights are put "
         "back afterwards."),
      this);
  intro->setWordWrap(true);
  plot_ = new LrFinderPlot(this);
  progress_ = new QProgressBar(this);
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("lrFinderStatus"));
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* buttons = new QDialogButtonBox(this);
  stop_ = buttons->addButton(tr("Stop"), QDialogButtonBox::RejectRole);
  apply_ = buttons->addButton(tr("Use the Suggestion"), QDialogButtonBox::AcceptRole);
  apply_->setObjectName(QStringLiteral("applyLearningRate"));
  close_ = buttons->addButton(QDialogButtonBox::Close);
  // The roles must not close the dialog by themselves: Stop keeps the curve on screen.
  disconnect(buttons, nullptr, this, nullptr);
  connect(stop_, &QPushButton::clicked, this, &LrFinderDialog::cancelRequested);
  connect(apply_, &QPushButton::clicked, this, [this] {
    emit applyRequested(suggested_);
    accept();
  });
  connect(close_, &QPushButton::clicked, this, &QDialog::reject);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addWidget(plot_, 1);
  layout->addWidget(progress_);
  layout->addWidget(status_);
  layout->addWidget(buttons);
  resize(720, 520);
  setRunning(false);
}

void LrFinderDialog::setRunning(bool running) {
  stop_->setVisible(running);
  progress_->setVisible(running);
  close_->setVisible(!running);
  apply_->setVisible(!running && suggested_ > 0);
}

void LrFinderDialog::begin(double currentLr, std::int64_t steps) {
  currentLr_ = currentLr;
  suggested_ = 0;
  plot_->clear();
  progress_->setRange(0, static_cast<int>(steps));
  progress_->setValue(0);
  status_->setText(tr("Loading the data and the model…"));
  setRunning(true);
}

void LrFinderDialog::showPoint(const LrFinderPoint& point, std::int64_t step, std::int64_t steps) {
  plot_->addPoint(point);
  progress_->setRange(0, static_cast<int>(steps));
  progress_->setValue(static_cast<int>(step));
  status_->setText(tr("Step %1 of %2: learning rate %3, smoothed loss %4")
                       .arg(step)
                       .arg(steps)
                       .arg(point.lr, 0, 'g', 3)
                       .arg(point.smoothed_loss, 0, 'g', 4));
}

void LrFinderDialog::showResult(const LrFinderResult& result) {
  if (result.error) {
    showFailure(QString::fromStdString(result.error->describe()));
    return;
  }
  plot_->showResult(result);
  QString text = tr("%1 steps with %2, batch %3, on %4")
                     .arg(result.points.size())
                     .arg(QString::fromStdString(result.optimizer))
                     .arg(result.batch_size)
                     .arg(QString::fromStdString(result.device));
  if (result.diverged) text += tr("; stopped where the loss diverged");
  if (result.cancelled) text += tr("; stopped early");
  text += QStringLiteral(". ");
  if (result.suggested_lr) {
    suggested_ = *result.suggested_lr;
    text += tr("Steepest fall: %1 (the suggestion, used by the button below).")
                .arg(suggested_, 0, 'g', 3);
    if (const std::optional<LrSuggestion>& valley = result.suggestions.valley) {
      text +=
          QLatin1Char(' ') + tr("Valley: %1 (fastai's default rule).").arg(valley->lr, 0, 'g', 3);
    }
    text += QLatin1Char(' ') + tr("The project uses %1.").arg(currentLr_, 0, 'g', 3);
    apply_->setText(tr("Use %1 (Steepest)").arg(suggested_, 0, 'g', 3));
  } else {
    text += tr("No suggestion: the loss did not fall over the range.");
  }
  status_->setText(text);
  setRunning(false);
}

void LrFinderDialog::showFailure(const QString& message) {
  status_->setText(tr("The learning-rate finder failed: %1").arg(message));
  suggested_ = 0;
  setRunning(false);
}

QString LrFinderDialog::statusText() const {
  return status_->text();
}

}  // namespace convstudio
