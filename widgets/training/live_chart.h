#pragma once
// A QCustomPlot chart for live metrics. Samples go into full-resolution MetricSeries; the plot
// redraws only when refresh() is called (the owner calls it from a capped-rate timer), appending
// new points to small curves and decimating large ones to the visible range. Follows the data
// until the user zooms or pans; double-click or "Reset View" follows again.

#include <QString>

#include <memory>
#include <vector>

#include <qcustomplot.h>

#include "metric_series.h"

namespace convstudio {

class LiveChart : public QCustomPlot {
  Q_OBJECT

 public:
  // Points: per-epoch values, marked and joined. Markers: events (a skipped step), marked only.
  enum class Style { Line, Points, Markers };
  enum class Axis { Left, Right };

  // Curves with more samples than this are drawn from a decimated view of the visible range.
  static constexpr std::size_t kDirectLimit = 20000;

  explicit LiveChart(const QString& title, QWidget* parent = nullptr);

  int addCurve(const QString& name, const QColor& color, Style style = Style::Line,
               Axis axis = Axis::Left);
  // Drops curves index and above (the overlaid runs are rebuilt this way).
  void removeCurvesFrom(int index);
  int curveCount() const { return static_cast<int>(curves_.size()); }

  void append(int curve, double key, double value);
  const MetricSeries& series(int curve) const { return curves_[curve]->series; }
  // Empties a curve's samples (and its drawing at the next refresh).
  void clearCurve(int curve);
  void clearAll();
  void setCurveVisible(int curve, bool visible);
  QCPGraph* graphOf(int curve) const { return curves_[curve]->graph; }

  QString title() const { return title_; }
  bool isFollowing() const { return following_; }
  // How many times refresh() actually redrew (tests and the benchmark read it).
  int redrawCount() const { return redraws_; }

  bool exportTo(const QString& path);  // .pdf, otherwise PNG

  // Whether the chart shows its legend, a row under the title that never covers the curves and
  // wraps to the chart's width. A chart of one curve names it in its title instead.
  void setLegendWanted(bool wanted);
  bool legendShown() const;
  // The whole name of the legend entry at POS when it is drawn shortened with "…", else empty.
  QString legendToolTipAt(const QPoint& pos) const;

  // While following the data, the key axis spans at least [lower, upper]: a series with a
  // point per epoch then sits where it belongs in the run rather than filling the chart.
  // upper <= lower: no hint.
  void setKeyRangeHint(double lower, double upper);
  // Values never shown outside [lower, upper] (a percentage stays within 0–100), and the value
  // axis spans at least `minimumSpan`, so two close points do not look worlds apart.
  void setValueLimits(double lower, double upper, double minimumSpan = 0);
  // Ticks on the key axis, as many as fit their labels at the chart's width.
  int keyTickCount() const;
  // Ticks on the value axis, as many as fit two text lines apart at the chart's height.
  int valueTickCount() const;

 public slots:
  // Brings the drawing up to date and replots, when anything changed since the last call.
  void refresh();
  void resetView();
  void exportInteractively();

 protected:
  void contextMenuEvent(QContextMenuEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  // A legend name shortened with "…" shows whole on hover.
  bool event(QEvent* event) override;

 private:
  void updateLegend();
  bool legendHasForeignItems() const;
  void adoptLegendItems();

  // Fit the tick count to the axis's length; true when it changed.
  bool updateKeyTicks();
  bool updateValueTicks();

  struct Curve {
    QCPGraph* graph = nullptr;
    MetricSeries series;
    std::size_t drawn = 0;  // samples already handed to the graph (direct mode)
    bool decimated = false;
    bool reset = false;  // the graph must be rebuilt from scratch
  };
  void updateDrawing(Curve& curve, bool rangeChanged);
  void follow();
  // The left axis's range for `values`: padded, within the value limits, with room for markers.
  QCPRange leftValueRange(const QCPRange& values, int heightPixels) const;
  void stopFollowing();

  QString title_;
  std::vector<std::unique_ptr<Curve>> curves_;
  bool dirty_ = true;
  bool following_ = true;
  bool viewChanged_ = false;  // zoom, pan or resize since the last refresh
  bool legendWanted_ = true;  // see setLegendWanted
  bool hasKeyHint_ = false;
  QCPRange keyHint_;
  bool hasValueLimits_ = false;
  QCPRange valueLimits_;
  double minimumValueSpan_ = 0;
  int redraws_ = 0;
};

}  // namespace convstudio
