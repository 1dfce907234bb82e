#include "confusion_panel.h"

#include <QSplitter>
#include <QVBoxLayout>

namespace convstudio {

ConfusionPanel::ConfusionPanel(QWidget* parent)
    : QWidget(parent),
      matrix_(new ConfusionMatrixView),
      table_(new ClassFiguresTable),
      averages_(new QLabel) {
  setObjectName(QStringLiteral("confusionPanel"));
  averages_->setObjectName(QStringLiteral("classAverages"));
  averages_->setWordWrap(true);
  auto* figures = new QWidget;
  auto* figuresLayout = new QVBoxLayout(figures);
  figuresLayout->setContentsMargins(0, 0, 0, 0);
  figuresLayout->addWidget(table_, 1);
  figuresLayout->addWidget(averages_);
  auto* splitter = new QSplitter(Qt::Horizontal);
  splitter->addWidget(matrix_);
  splitter->addWidget(figures);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(splitter);
  pendingTimer_ = new QTimer(this);
  pendingTimer_->setSingleShot(true);
  connect(pendingTimer_, &QTimer::timeout, this, &ConfusionPanel::showPending);
}

void ConfusionPanel::showEpoch(const EpochMetrics& epoch) {
  pending_ = epoch;
  if (!isVisible() || pendingTimer_->isActive()) return;
  const qint64 since = sinceShown_.isValid() ? sinceShown_.elapsed() : kMinIntervalMs;
  if (since >= kMinIntervalMs) {
    showPending();
  } else {
    pendingTimer_->start(static_cast<int>(kMinIntervalMs - since));
  }
}

void ConfusionPanel::showPending() {
  pendingTimer_->stop();
  if (!pending_) return;
  const EpochMetrics epoch = std::move(*pending_);
  pending_.reset();
  matrix_->showEpoch(epoch);
  table_->showEpoch(epoch);
  averages_->setText(table_->averagesText());
  sinceShown_.start();
}

void ConfusionPanel::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  showPending();
}

void ConfusionPanel::clear() {
  pendingTimer_->stop();
  pending_.reset();
  matrix_->clear();
  table_->clear();
  averages_->clear();
}

}  // namespace convstudio
