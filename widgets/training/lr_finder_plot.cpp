#include "lr_finder_plot.h"

#include <algorithm>
#include <cmath>

namespace convstudio {
namespace {

// The colours of the training charts (safe for the common colour-vision deficiencies).
const QColor kLightBlue(86, 180, 233, 150);
const QColor kBlue(0, 114, 178);
const QColor kRed(213, 94, 0);
const QColor kGreen(0, 158, 115);

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

  // The valley lies at higher rates than the steepest fall: its label reads to the right of its
  // point, the steepest's to the left, so the two never overlap.
  steepest_ = createMark(kRed, QStringLiteral("suggestionLabel"), Qt::AlignRight);
  valley_ = createMark(kGreen, QStringLiteral("valleyLabel"), Qt::AlignLeft);
  clear();
}

LrFinderPlot::Mark LrFinderPlot::createMark(const QColor& colour, const QString& objectName,
                                            Qt::Alignment side) {
  Mark mark;
  mark.line = new QCPItemStraightLine(this);
  QPen linePen(colour);
  linePen.setStyle(Qt::DashLine);
  mark.line->setPen(linePen);
  mark.tracer = new QCPItemTracer(this);  // on the smoothed curve once there is a suggestion
  mark.tracer->setStyle(QCPItemTracer::tsCircle);
  mark.tracer->setSize(9);
  mark.tracer->setPen(QPen(colour, 2));
  mark.tracer->setBrush(Qt::white);
  mark.label = new QCPItemText(this);
  mark.label->setObjectName(objectName);
  mark.label->setPositionAlignment(side | Qt::AlignBottom);
  mark.label->position->setParentAnchor(mark.tracer->position);
  mark.label->position->setCoords(side == Qt::AlignLeft ? 8 : -8, -8);
  mark.label->setColor(colour);
  return mark;
}

void LrFinderPlot::hideMark(Mark& mark) {
  mark.lr.reset();
  mark.tracer->setGraph(nullptr);
  mark.line->setVisible(false);
  mark.tracer->setVisible(false);
  mark.label->setVisible(false);
}

void LrFinderPlot::showMark(Mark& mark, const std::optional<LrSuggestion>& suggestion,
                            const QString& text) {
  if (!suggestion) {
    hideMark(mark);
    return;
  }
  mark.lr = suggestion->lr;
  mark.line->point1->setCoords(suggestion->lr, 0);
  mark.line->point2->setCoords(suggestion->lr, 1);
  mark.tracer->setGraph(smoothed_);
  mark.tracer->setGraphKey(suggestion->lr);
  mark.label->setText(text.arg(suggestion->lr, 0, 'g', 3));
  mark.line->setVisible(true);
  mark.tracer->setVisible(true);
  mark.label->setVisible(true);
}

void LrFinderPlot::clear() {
  loss_->data()->clear();
  smoothed_->data()->clear();
  hideMark(steepest_);
  hideMark(valley_);
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
  showMark(steepest_, result.suggestions.steepest, tr("steepest %1 (used)"));
  showMark(valley_, result.suggestions.valley, tr("valley %1"));
  replot();
}

}  // namespace convstudio
