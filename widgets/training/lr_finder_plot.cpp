#include "lr_finder_plot.h"

#include <algorithm>
#include <cmath>

namespace convstudio {
namespace {

// The colours of the training charts (safe for the common colour-vision deficiencies).
const QColor kLightBlue(86, 180, 233, 150);
const QColor kBlue(0, 114, 178);
const QColor kRed(213, 94, 0);

}  // namespace

LrFinderPlot::LrFinderPlot(QWidget* parent) : QCustomPlot(parent) {
  setObjectName(QStringLiteral("lrFinderPlot"));
  setMinimumSize(420, 260);
  xAxis->setScaleType(QCPAxis::stLogarithmic);
  auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
  xAxis->setTicker(ticker);
  xAxis->setNumberFormat(QStringLiteral("eb"));  // 10⁻³ rather than 0.001
  xAxis->setNumberPrecision(0);
  xAxis->setLabel(tr("learning rate (log scale)"));
  yAxis->setLabel(tr("training loss"));
  loss_ = addGraph();
  loss_->setName(tr("loss (step)"));
  loss_->setPen(QPen(kLightBlue));
  smoothed_ = addGraph();
  smoothed_->setName(tr("smoothed"));
  QPen smoothPen(kBlue);
  smoothPen.setWidthF(2);
  smoothed_->setPen(smoothPen);
  legend->setVisible(true);
  axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);

  marker_ = new QCPItemStraightLine(this);
  QPen markerPen(kRed);
  markerPen.setStyle(Qt::DashLine);
  marker_->setPen(markerPen);
  tracer_ = new QCPItemTracer(this);  // on the smoothed curve once there is a suggestion
  tracer_->setStyle(QCPItemTracer::tsCircle);
  tracer_->setSize(9);
  tracer_->setPen(QPen(kRed, 2));
  tracer_->setBrush(Qt::white);
  label_ = new QCPItemText(this);
  label_->setObjectName(QStringLiteral("suggestionLabel"));
  label_->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
  label_->position->setParentAnchor(tracer_->position);
  label_->position->setCoords(8, -8);
  label_->setColor(kRed);
  clear();
}

void LrFinderPlot::clear() {
  loss_->data()->clear();
  smoothed_->data()->clear();
  marked_.reset();
  tracer_->setGraph(nullptr);
  for (QCPAbstractItem* item :
       {static_cast<QCPAbstractItem*>(marker_), static_cast<QCPAbstractItem*>(tracer_),
        static_cast<QCPAbstractItem*>(label_)}) {
    item->setVisible(false);
  }
  xAxis->setRange(1e-6, 10);
  yAxis->setRange(0, 3);
  replot(rpQueuedReplot);
}

void LrFinderPlot::addPoint(const LrFinderPoint& point) {
  loss_->addData(point.lr, point.loss);
  smoothed_->addData(point.lr, point.smoothed_loss);
  fitAxes();
  replot(rpQueuedReplot);
}

void LrFinderPlot::fitAxes() {
  bool found = false;
  const QCPRange keys = loss_->data()->keyRange(found);
  if (!found) return;
  xAxis->setRange(keys.lower, std::max(keys.upper, keys.lower * 10));
  // The part that matters is between the starting loss and the lowest one; the loss of the
  // diverging last steps would squash it flat, so it runs off the top.
  if (smoothed_->data()->isEmpty()) return;
  const double start = smoothed_->data()->constBegin()->value;
  double lowest = start;
  for (const QCPGraphData& point : *smoothed_->data()) lowest = std::min(lowest, point.value);
  const double span = std::max(start - lowest, 0.05);
  yAxis->setRange(std::max(0.0, lowest - 0.15 * span), start + 0.35 * span);
}

void LrFinderPlot::showResult(const LrFinderResult& result) {
  fitAxes();
  if (result.suggested_lr) {
    marked_ = result.suggested_lr;
    const double lr = *result.suggested_lr;
    marker_->point1->setCoords(lr, 0);
    marker_->point2->setCoords(lr, 1);
    tracer_->setGraph(smoothed_);
    tracer_->setGraphKey(lr);
    label_->setText(tr("suggested %1").arg(lr, 0, 'g', 3));
    for (QCPAbstractItem* item :
         {static_cast<QCPAbstractItem*>(marker_), static_cast<QCPAbstractItem*>(tracer_),
          static_cast<QCPAbstractItem*>(label_)}) {
      item->setVisible(true);
    }
  }
  replot();
}

}  // namespace convstudio
