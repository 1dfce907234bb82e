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
}

void ConfusionPanel::showEpoch(const EpochMetrics& epoch) {
  matrix_->showEpoch(epoch);
  table_->showEpoch(epoch);
  averages_->setText(table_->averagesText());
}

void ConfusionPanel::clear() {
  matrix_->clear();
  table_->clear();
  averages_->clear();
}

}  // namespace convstudio
