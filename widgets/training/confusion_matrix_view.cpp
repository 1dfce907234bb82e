#include "confusion_matrix_view.h"

#include <algorithm>
#include <cmath>

namespace convstudio {

ConfusionMatrixView::ConfusionMatrixView(QWidget* parent) : QCustomPlot(parent) {
  setObjectName(QStringLiteral("confusionMatrix"));
  setMinimumSize(260, 220);
  plotLayout()->insertRow(0);
  heading_ = new QCPTextElement(this, tr("Confusion matrix (no validation yet)"),
                                QFont(font().family(), font().pointSize()));
  plotLayout()->addElement(0, 0, heading_);
  map_ = new QCPColorMap(xAxis, yAxis);
  scale_ = new QCPColorScale(this);
  plotLayout()->addElement(1, 1, scale_);
  scale_->setLabel(tr("share of true class"));
  scale_->setBarWidth(8);
  map_->setColorScale(scale_);
  QCPColorGradient gradient;
  gradient.clearColorStops();
  gradient.setColorStopAt(0, Qt::white);
  gradient.setColorStopAt(0.3, QColor(170, 215, 240));
  gradient.setColorStopAt(1, QColor(0, 60, 130));
  map_->setGradient(gradient);
  map_->setInterpolate(false);
  map_->setDataRange(QCPRange(0, 1));
  auto* margins = new QCPMarginGroup(this);
  axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  scale_->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  xAxis->setLabel(tr("predicted"));
  yAxis->setLabel(tr("true"));
  yAxis->setRangeReversed(true);  // class 0 at the top, as a table reads
  xAxis->setTickLabelRotation(45);
  xAxis->grid()->setVisible(false);
  yAxis->grid()->setVisible(false);
  connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
    const QPoint cell = cellAt(event->position());
    if (cell.x() < 0) return;
    selectCell(cell.y(), cell.x());
    emit cellSelected(cell.y(), cell.x());
  });
}

QPoint ConfusionMatrixView::cellAt(const QPointF& position) const {
  if (classes_ == 0 || !axisRect()->rect().contains(position.toPoint())) return {-1, -1};
  const int predicted = static_cast<int>(std::lround(xAxis->pixelToCoord(position.x())));
  const int trueClass = static_cast<int>(std::lround(yAxis->pixelToCoord(position.y())));
  if (predicted < 0 || predicted >= classes_ || trueClass < 0 || trueClass >= classes_) {
    return {-1, -1};
  }
  return {predicted, trueClass};
}

void ConfusionMatrixView::selectCell(int trueClass, int predictedClass) {
  const bool inside =
      trueClass >= 0 && trueClass < classes_ && predictedClass >= 0 && predictedClass < classes_;
  selectedTrue_ = inside ? trueClass : -1;
  selectedPredicted_ = inside ? predictedClass : -1;
  outlineSelection();
  replot();
}

void ConfusionMatrixView::outlineSelection() {
  if (outline_ != nullptr && hasItem(outline_)) removeItem(outline_);
  outline_ = nullptr;
  if (selectedTrue_ < 0) return;
  outline_ = new QCPItemRect(this);
  outline_->topLeft->setCoords(selectedPredicted_ - 0.5, selectedTrue_ - 0.5);
  outline_->bottomRight->setCoords(selectedPredicted_ + 0.5, selectedTrue_ + 0.5);
  outline_->setPen(QPen(QColor(230, 120, 0), 2.5));
  outline_->setClipToAxisRect(true);
}

void ConfusionMatrixView::clear() {
  clearItems();
  outline_ = nullptr;
  counts_.clear();
  classes_ = 0;
  selectedTrue_ = selectedPredicted_ = -1;
  map_->data()->clear();
  heading_->setText(tr("Confusion matrix (no validation yet)"));
  replot();
}

std::int64_t ConfusionMatrixView::cell(int trueClass, int predictedClass) const {
  return counts_.at(static_cast<std::size_t>(trueClass))
      .at(static_cast<std::size_t>(predictedClass));
}

void ConfusionMatrixView::showEpoch(const EpochMetrics& epoch) {
  counts_ = epoch.confusion;
  classes_ = static_cast<int>(counts_.size());
  heading_->setText(
      tr("Epoch %1 · accuracy %2%").arg(epoch.epoch + 1).arg(epoch.val_accuracy * 100, 0, 'f', 1));
  clearItems();
  outline_ = nullptr;
  if (selectedTrue_ >= classes_ || selectedPredicted_ >= classes_) {
    selectedTrue_ = selectedPredicted_ = -1;
  }
  if (classes_ == 0) {
    replot();
    return;
  }
  // Cell (pred, true) sits at integer coordinates, so ticks land on cell centres.
  map_->data()->setSize(classes_, classes_);
  map_->data()->setRange(QCPRange(0, classes_ - 1), QCPRange(0, classes_ - 1));
  auto ticker = QSharedPointer<QCPAxisTickerText>::create();
  for (int i = 0; i < classes_; ++i) {
    const QString name =
        i < static_cast<int>(epoch.class_names.size())
            ? QString::fromStdString(epoch.class_names[static_cast<std::size_t>(i)])
            : QString::number(i);
    ticker->addTick(i, name);
  }
  xAxis->setTicker(ticker);
  yAxis->setTicker(ticker);
  // Counts in the cells only while they fit.
  const bool labelled = classes_ <= 12 && axisRect()->width() / classes_ >= 22;
  QFont cellFont = font();
  cellFont.setPointSizeF(cellFont.pointSizeF() * (classes_ <= 6 ? 0.9 : 0.75));
  for (int t = 0; t < classes_; ++t) {
    const auto& row = counts_[static_cast<std::size_t>(t)];
    std::int64_t total = 0;
    for (std::int64_t c : row) total += c;
    for (int p = 0; p < classes_ && p < static_cast<int>(row.size()); ++p) {
      const std::int64_t count = row[static_cast<std::size_t>(p)];
      const double share = total > 0 ? static_cast<double>(count) / static_cast<double>(total) : 0;
      map_->data()->setCell(p, t, share);
      if (!labelled) continue;
      auto* text = new QCPItemText(this);
      text->position->setCoords(p, t);
      text->setText(QString::number(count));
      text->setFont(cellFont);
      text->setColor(share > 0.55 ? Qt::white : Qt::black);
      text->setClipToAxisRect(true);
    }
  }
  xAxis->setRange(-0.5, classes_ - 0.5);
  yAxis->setRange(-0.5, classes_ - 0.5);
  outlineSelection();
  replot();
}

}  // namespace convstudio
