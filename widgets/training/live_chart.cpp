#include "live_chart.h"

#include <QContextMenuEvent>
#include <QFileDialog>
#include <QHelpEvent>
#include <QMenu>
#include <QMessageBox>
#include <QToolTip>

#include <cmath>

#include "eliding_legend_item.h"

namespace convstudio {
namespace {

QCPRange padded(QCPRange range, bool logarithmic) {
  if (logarithmic) {
    if (range.lower <= 0) range.lower = 1e-12;
    if (range.upper <= range.lower) range.upper = range.lower * 10;
    return QCPRange(range.lower / 1.5, range.upper * 1.5);
  }
  // A constant curve gets a band of ±5% around its value (or ±0.05 around zero).
  const double span = range.size() > 0   ? range.size()
                      : range.upper != 0 ? std::abs(range.upper)
                                         : 1.0;
  return QCPRange(range.lower - 0.05 * span, range.upper + 0.05 * span);
}

void unite(QCPRange& into, bool& has, const QCPRange& range) {
  if (!has) {
    into = range;
    has = true;
  } else {
    into.expand(range);
  }
}

// Title, axes and a plot that still shows a trend; the legend's lines come on top.
constexpr int kMinimumHeight = 110;

// Pixels kept free at each end of an axis, so a point at the end (a lone validation point, the
// last step) shows its whole marker (6–7 px wide plus its pen) instead of half of it.
constexpr int kEdgeRoom = 6;

QCPRange withEdgeRoom(const QCPRange& range, int lengthPixels) {
  const int usable = lengthPixels - 2 * kEdgeRoom;
  if (usable <= 0 || range.size() <= 0) return range;
  const double room = kEdgeRoom * range.size() / usable;
  return QCPRange(range.lower - room, range.upper + room);
}

// What an axis shows with nothing to show: the same for a new chart and for one whose project
// was replaced, never the ranges of the data that was there before.
QCPRange emptyRange(const QCPAxis* axis) {
  return axis->scaleType() == QCPAxis::stLogarithmic ? QCPRange(1e-3, 1) : QCPRange(0, 5);
}

}  // namespace

LiveChart::LiveChart(const QString& title, QWidget* parent) : QCustomPlot(parent), title_(title) {
  setObjectName(title);
  setMinimumSize(120, kMinimumHeight);
  setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  setNoAntialiasingOnDrag(true);
  // Dense step curves draw as fast polylines; antialiasing is switched off per curve.
  setPlottingHint(QCP::phFastPolylines, true);
  setPlottingHint(QCP::phCacheLabels, true);
  plotLayout()->insertRow(0);
  auto* heading =
      new QCPTextElement(this, title, QFont(font().family(), font().pointSize(), QFont::Bold));
  plotLayout()->addElement(0, 0, heading);
  QFont small = font();
  small.setPointSizeF(small.pointSizeF() * 0.85);
  // The legend is a row of its own under the title: inside the plot it covered the curves, and
  // a small chart had to hide it, leaving its lines unnamed.
  // (updateLegend places it once it has entries.)
  axisRect()->insetLayout()->take(legend);
  axisRect()->insetLayout()->simplify();
  legend->setFont(small);
  legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  legend->setRowSpacing(0);
  legend->setColumnSpacing(8);
  legend->setBorderPen(Qt::NoPen);
  legend->setBrush(Qt::NoBrush);
  legend->setMargins(QMargins(2, 0, 2, 0));
  legend->setIconSize(14, 8);
  xAxis->setTickLabelFont(small);
  yAxis->setTickLabelFont(small);
  yAxis2->setTickLabelFont(small);
  connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
    viewChanged_ = true;
    dirty_ = true;
  });
}

int LiveChart::addCurve(const QString& name, const QColor& color, Style style, Axis axis) {
  auto curve = std::make_unique<Curve>();
  QCPAxis* valueAxis = axis == Axis::Right ? yAxis2 : yAxis;
  if (axis == Axis::Right) yAxis2->setVisible(true);
  curve->graph = addGraph(xAxis, valueAxis);
  curve->graph->setName(name);
  QPen pen(color);
  pen.setWidthF(style == Style::Points ? 2.0 : 1.0);
  curve->graph->setPen(pen);
  if (style == Style::Points) {
    curve->graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, color, Qt::white, 6));
  } else if (style == Style::Markers) {
    curve->graph->setLineStyle(QCPGraph::lsNone);
    curve->graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, color, color, 6));
  } else {
    // Thousands of segments: antialiasing costs more than it shows.
    curve->graph->setAntialiased(false);
    // The decimated view already holds min and max per pixel; QCustomPlot's own sampling would
    // only rescan it.
    curve->graph->setAdaptiveSampling(false);
  }
  curves_.push_back(std::move(curve));
  updateLegend();
  dirty_ = true;
  return static_cast<int>(curves_.size()) - 1;
}

void LiveChart::removeCurvesFrom(int index) {
  while (static_cast<int>(curves_.size()) > index) {
    removeGraph(curves_.back()->graph);
    curves_.pop_back();
  }
  dirty_ = true;
}

void LiveChart::append(int curve, double key, double value) {
  curves_[curve]->series.append(key, value);
  dirty_ = true;
}

void LiveChart::clearCurve(int curve) {
  curves_[curve]->series.clear();
  curves_[curve]->reset = true;
  dirty_ = true;
}

void LiveChart::clearAll() {
  for (int i = 0; i < curveCount(); ++i) clearCurve(i);
  following_ = true;
}

void LiveChart::setCurveVisible(int curve, bool visible) {
  QCPGraph* graph = curves_[curve]->graph;
  if (graph->visible() == visible) return;
  graph->setVisible(visible);
  if (visible) {
    graph->addToLegend();
  } else {
    graph->removeFromLegend();
  }
  updateLegend();
  dirty_ = true;
}

void LiveChart::refresh() {
  // A hidden chart keeps its changes pending and draws them once it is shown again.
  if (!dirty_ || !isVisible()) return;
  if (legendShown() && legendHasForeignItems()) updateLegend();
  if (following_) follow();
  updateKeyTicks();
  updateValueTicks();
  for (auto& curve : curves_) updateDrawing(*curve, viewChanged_);
  dirty_ = false;
  viewChanged_ = false;
  ++redraws_;
  replot();
  // Tick counts follow the axes' size, which the replot has just laid out (after a resize it
  // differs from the last one's): draw once more with the counts that fit.
  const bool keysChanged = updateKeyTicks();
  if (updateValueTicks() || keysChanged) replot();
}

void LiveChart::updateDrawing(Curve& curve, bool rangeChanged) {
  const MetricSeries& s = curve.series;
  if (curve.reset) {
    curve.graph->data()->clear();
    curve.drawn = 0;
    curve.decimated = false;
    curve.reset = false;
  }
  if (!curve.decimated && s.size() <= kDirectLimit) {
    if (curve.drawn == s.size()) return;
    // Append only the new samples; infinities become gaps like NaN.
    QVector<double> keys;
    QVector<double> values;
    keys.reserve(static_cast<qsizetype>(s.size() - curve.drawn));
    values.reserve(keys.capacity());
    for (std::size_t i = curve.drawn; i < s.size(); ++i) {
      keys.append(s.keys()[i]);
      const double v = s.values()[i];
      values.append(std::isfinite(v) ? v : qQNaN());
    }
    curve.graph->addData(keys, values, true);
    curve.drawn = s.size();
    return;
  }
  if (curve.decimated && !rangeChanged && curve.drawn == s.size()) return;
  curve.decimated = true;
  // The view covers half a screen either side, so short pans show data before the next refresh.
  const QCPRange visible = xAxis->range();
  const int buckets = std::max(100, axisRect()->width()) * 2;
  QVector<QCPGraphData> view;
  s.decimate(visible.lower - visible.size() / 2, visible.upper + visible.size() / 2, buckets, view);
  curve.graph->data()->set(view, true);
  curve.drawn = s.size();
}

void LiveChart::follow() {
  QCPRange keys, left, right;
  bool hasKeys = false, hasLeft = false, hasRight = false;
  for (const auto& curve : curves_) {
    if (!curve->graph->visible()) continue;
    bool found = false;
    const QCPRange k = curve->series.keyRange(found);
    if (!found) continue;
    unite(keys, hasKeys, k);
    const QCPRange v = curve->series.valueRange(found);
    if (!found) continue;
    if (curve->graph->valueAxis() == yAxis2) {
      unite(right, hasRight, v);
    } else {
      unite(left, hasLeft, v);
    }
  }
  if (hasKeyHint_) unite(keys, hasKeys, keyHint_);
  const int width = axisRect()->width() > 0 ? axisRect()->width() : this->width() - 60;
  const int height = axisRect()->height() > 0 ? axisRect()->height() : this->height() - 80;
  if (hasKeys) {
    xAxis->setRange(
        withEdgeRoom(keys.size() > 0 ? keys : QCPRange(keys.lower - 1, keys.upper + 1), width));
  } else {
    xAxis->setRange(emptyRange(xAxis));
  }
  if (hasLeft) {
    yAxis->setRange(leftValueRange(left, height));
  } else {
    yAxis->setRange(hasValueLimits_ ? valueLimits_ : emptyRange(yAxis));
  }
  if (hasRight) {
    const bool logarithmic = yAxis2->scaleType() == QCPAxis::stLogarithmic;
    const QCPRange range = padded(right, logarithmic);
    yAxis2->setRange(logarithmic ? range : withEdgeRoom(range, height));
  } else {
    yAxis2->setRange(emptyRange(yAxis2));
  }
}

QCPRange LiveChart::leftValueRange(const QCPRange& values, int heightPixels) const {
  const bool logarithmic = yAxis->scaleType() == QCPAxis::stLogarithmic;
  QCPRange range = padded(values, logarithmic);
  if (hasValueLimits_) {
    if (range.size() < minimumValueSpan_) {
      const double grow = (minimumValueSpan_ - range.size()) / 2;
      range = QCPRange(range.lower - grow, range.upper + grow);
      // Pushed back inside the limits as a whole, keeping the span.
      if (range.lower < valueLimits_.lower) range += valueLimits_.lower - range.lower;
      if (range.upper > valueLimits_.upper) range -= range.upper - valueLimits_.upper;
    }
    range = QCPRange(std::max(range.lower, valueLimits_.lower),
                     std::min(range.upper, valueLimits_.upper));
    if (range.size() <= 0) range = valueLimits_;
  }
  // Past the limits by the edge room only: 100 % shows its whole marker.
  return logarithmic ? range : withEdgeRoom(range, heightPixels);
}

void LiveChart::resetView() {
  following_ = true;
  dirty_ = true;
  refresh();
}

void LiveChart::stopFollowing() {
  following_ = false;
}

bool LiveChart::exportTo(const QString& path) {
  // Bring the drawing up to date even when the chart is hidden.
  if (following_) follow();
  for (auto& curve : curves_) updateDrawing(*curve, true);
  replot();
  if (path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)) return savePdf(path);
  return savePng(path);
}

void LiveChart::exportInteractively() {
  const QString path =
      QFileDialog::getSaveFileName(this, tr("Export Chart"), title_ + QStringLiteral(".png"),
                                   tr("PNG image (*.png);;PDF document (*.pdf)"));
  if (path.isEmpty()) return;
  if (!exportTo(path)) {
    QMessageBox::warning(this, tr("Export Chart"), tr("Could not write %1.").arg(path));
  }
}

void LiveChart::contextMenuEvent(QContextMenuEvent* event) {
  QMenu menu(this);
  menu.addAction(tr("Reset View"), this, &LiveChart::resetView);
  menu.addAction(tr("Export Image…"), this, &LiveChart::exportInteractively);
  menu.exec(event->globalPos());
}

void LiveChart::mouseDoubleClickEvent(QMouseEvent* event) {
  QCustomPlot::mouseDoubleClickEvent(event);
  resetView();
}

void LiveChart::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton) stopFollowing();
  QCustomPlot::mousePressEvent(event);
}

void LiveChart::wheelEvent(QWheelEvent* event) {
  stopFollowing();
  QCustomPlot::wheelEvent(event);
}

void LiveChart::resizeEvent(QResizeEvent* event) {
  QCustomPlot::resizeEvent(event);
  updateLegend();
  viewChanged_ = true;
  dirty_ = true;
}

void LiveChart::setLegendWanted(bool wanted) {
  legendWanted_ = wanted;
  updateLegend();
  dirty_ = true;
}

bool LiveChart::legendShown() const {
  return legend->visible() && plotLayout()->hasElement(1, 0) && legend->itemCount() > 0;
}

void LiveChart::updateLegend() {
  const bool show = legendWanted_ && legend->itemCount() > 0;
  const bool placed = plotLayout()->hasElement(1, 0) && plotLayout()->element(1, 0) == legend;
  if (show && !placed) {
    plotLayout()->insertRow(1);
    plotLayout()->addElement(1, 0, legend);
    plotLayout()->setRowStretchFactor(1, 0.001);
  } else if (!show && placed) {
    plotLayout()->take(legend);
    plotLayout()->simplify();
  }
  legend->setVisible(show);
  if (!show) {
    setMinimumHeight(kMinimumHeight);
    return;
  }
  adoptLegendItems();
  // As many entries per line as the width holds; the rest wrap onto further lines. A name wider
  // than the chart ends in "…" (whole on hover).
  const QFontMetrics metrics(legend->font());
  const int besideText =
      legend->iconSize().width() + legend->iconTextPadding() + legend->columnSpacing() + 4;
  // A name may take the chart's width less the icon and the margins around it.
  const QMargins around = legend->margins() + legend->item(0)->margins();
  const int roomForText =
      std::max(1, width() - around.left() - around.right() - legend->iconSize().width() -
                      legend->iconTextPadding() - 2);
  int widest = 0;
  for (int i = 0; i < legend->itemCount(); ++i) {
    if (auto* item = qobject_cast<ElidingLegendItem*>(legend->item(i))) {
      item->setMaximumTextWidth(roomForText);
      widest = std::max(widest, metrics.horizontalAdvance(item->shownName()));
    }
  }
  const int entryWidth = widest + besideText;
  const int wrap = std::max(1, (width() - 8) / std::max(1, entryWidth));
  if (wrap != legend->wrap()) {
    legend->setWrap(wrap);
    legend->setFillOrder(legend->fillOrder(), true);  // re-flows the entries already there
  }
  // Every line of entries keeps its full height: a short chart squeezed them onto each other.
  const int lines = (legend->itemCount() + wrap - 1) / wrap;
  const int legendHeight = lines * (metrics.height() + legend->rowSpacing() + 3);
  legend->setMinimumSize(0, legendHeight);
  // The chart grows with its legend (its dock scrolls) so that the plot keeps room to draw.
  setMinimumHeight(kMinimumHeight + legendHeight);
}

bool LiveChart::legendHasForeignItems() const {
  for (int i = 0; i < legend->itemCount(); ++i) {
    if (qobject_cast<QCPPlottableLegendItem*>(legend->item(i)) != nullptr &&
        qobject_cast<ElidingLegendItem*>(legend->item(i)) == nullptr) {
      return true;
    }
  }
  return false;
}

void LiveChart::adoptLegendItems() {
  // QCustomPlot adds its own entry for each new curve (and for a curve put back in the legend):
  // the legend is rebuilt, in its order, of entries that elide.
  if (!legendHasForeignItems()) return;
  std::vector<QCPAbstractPlottable*> plottables;
  for (int i = 0; i < legend->itemCount(); ++i) {
    if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i))) {
      plottables.push_back(item->plottable());
    }
  }
  legend->clearItems();
  for (QCPAbstractPlottable* plottable : plottables) {
    legend->addItem(new ElidingLegendItem(legend, plottable));
  }
}

QString LiveChart::legendToolTipAt(const QPoint& pos) const {
  if (!legendShown()) return {};
  for (int i = 0; i < legend->itemCount(); ++i) {
    auto* item = qobject_cast<ElidingLegendItem*>(legend->item(i));
    if (item != nullptr && item->isElided() && item->outerRect().contains(pos)) {
      return item->plottable()->name();
    }
  }
  return {};
}

bool LiveChart::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(event);
    const QString name = legendToolTipAt(help->pos());
    if (!name.isEmpty()) {
      QToolTip::showText(help->globalPos(), name, this);
      return true;
    }
  }
  return QCustomPlot::event(event);
}

void LiveChart::setKeyRangeHint(double lower, double upper) {
  hasKeyHint_ = upper > lower;
  keyHint_ = QCPRange(lower, upper);
  dirty_ = true;
}

void LiveChart::setValueLimits(double lower, double upper, double minimumSpan) {
  hasValueLimits_ = upper > lower;
  valueLimits_ = QCPRange(lower, upper);
  minimumValueSpan_ = std::min(minimumSpan, upper - lower);
  dirty_ = true;
}

int LiveChart::valueTickCount() const {
  return yAxis->ticker()->tickCount();
}

bool LiveChart::updateValueTicks() {
  // Labels at least two text lines apart, so a short chart shows "0 … 5", not "543210".
  const int line = QFontMetrics(yAxis->tickLabelFont()).height();
  const int room = axisRect()->height() > 0 ? axisRect()->height() : height() - 80;
  const int count = std::clamp(room / std::max(1, 2 * line), 2, 8);
  if (count == yAxis->ticker()->tickCount()) return false;
  yAxis->ticker()->setTickCount(count);
  yAxis2->ticker()->setTickCount(count);
  return true;
}

int LiveChart::keyTickCount() const {
  return xAxis->ticker()->tickCount();
}

bool LiveChart::updateKeyTicks() {
  // Labels at least their own width plus a gap apart: "100200300400" never again.
  const QFontMetrics metrics(xAxis->tickLabelFont());
  const QCPRange range = xAxis->range();
  const double largest = std::max(std::abs(range.lower), std::abs(range.upper));
  const int labelWidth = metrics.horizontalAdvance(QString::number(largest, 'g', 6)) +
                         metrics.horizontalAdvance(QStringLiteral("0000"));
  const int room = axisRect()->width() > 0 ? axisRect()->width() : width() - 60;
  const int count = std::clamp(room / std::max(1, labelWidth), 2, 8);
  if (count == xAxis->ticker()->tickCount()) return false;
  xAxis->ticker()->setTickCount(count);
  return true;
}

}  // namespace convstudio
