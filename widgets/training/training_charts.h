#pragma once
// The live charts of a run: every metric of the metric list (metric_list.h) that names a chart
// is a curve of it: loss per step (raw and EMA-smoothed, with validation loss per epoch, skipped
// fp16 steps marked, and overlaid earlier runs), accuracy, learning rate, memory, throughput, the
// fp16 loss scale with its growths, back-offs and skipped steps, and a chart of its own for each
// metric that asks for one (the gradient norm). Events only append samples; a timer redraws, at
// most 30 times a second and within a CPU budget (see RedrawBudget).

#include <QWidget>

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "convstudio/model/training_settings.h"
#include "convstudio/runs/metric_list.h"
#include "convstudio/runs/run_history.h"
#include "convstudio/runs/training_events.h"

class QGridLayout;
class QLabel;
class QSlider;
class QTimer;

namespace convstudio {

class LiveChart;
class MetricSeries;
class RunOverlays;

class TrainingCharts : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kRedrawIntervalMs = 33;  // about 30 redraws a second, at most
  // The redraw interval stretches until drawing costs at most `cpuShare` of one core, but the
  // charts still move at least every `slowestIntervalMs`.
  struct RedrawBudget {
    double cpuShare;
    int slowestIntervalMs;
  };
  // A GPU run leaves the CPU mostly to the UI.
  static constexpr RedrawBudget kGpuRunBudget{0.02, 200};
  // On a CPU run both cores are training and the UI thread takes its cycles from training, one
  // for one or worse (an OpenMP region waits for its slowest thread; gui_bench measures it).
  static constexpr RedrawBudget kCpuRunBudget{0.005, 500};

  explicit TrainingCharts(QWidget* parent = nullptr);
  ~TrainingCharts() override;

  // Clears the charts for a new run; the loss-scale chart shows only for fp16.
  void beginRun(const TrainingSettings& settings);
  // Whether the run trains on the CPU (the budget its redraws keep to); a GPU run's by default.
  void setTrainingOnCpu(bool onCpu);
  void addStep(const StepMetrics& step);
  void addEpoch(const EpochMetrics& epoch);
  // A run read back from its folder, drawn as it was (after beginRun).
  void showRecordedRun(const RecordedRun& run);
  // A run resumed into its own folder (after beginRun): its record so far is drawn, up to the
  // step it goes on from, when its first new step arrives.
  void continueRun(RecordedRun earlier);
  // Earlier runs drawn over the loss (smoothed like the current run), accuracy and memory
  // charts, one colour per run; empty removes them.
  void setOverlays(const std::vector<RecordedRun>& runs);
  const std::vector<RecordedRun>& overlays() const;

  // The training accuracy curve's name: "training", and under mixup/CutMix which label it
  // counts (the dominant one).
  static QString trainingAccuracyLabel(const LossSettings& loss);

  // EMA weight of the smoothed loss, 0 (raw) to 0.99.
  double smoothing() const { return smoothing_; }
  void setSmoothing(double weight);

  // A row above the toolbar and the charts, as wide as they are (the Following badge).
  void addAboveCharts(QWidget* widget);

  // Writes the run shown as metrics.csv writes it (the same columns), atomically; the Error
  // (with its file), when it could not.
  std::optional<Error> exportCsv(const QString& path) const;
  std::size_t stepCount() const;
  QList<LiveChart*> charts() const;
  LiveChart* lossChart() const { return charts_.loss; }
  LiveChart* accuracyChart() const { return charts_.accuracy; }
  LiveChart* memoryChart() const { return charts_.memory; }
  // The chart metric `index` of kMetrics is drawn on, and its curve there; null and -1: none.
  LiveChart* chartOf(std::size_t index) const { return chartOf_[index]; }
  int curveOf(std::size_t index) const { return curveOf_[index]; }
  int redrawCount() const;
  int redrawIntervalMs() const;
  double redrawCostMs() const { return redrawCostMs_; }
  // The redraw interval that keeps a refresh costing `costMs` within the budget.
  static int redrawIntervalForCost(double costMs, RedrawBudget budget = kGpuRunBudget);

 public slots:
  void refresh();
  void resetViews();
  void exportCsvInteractively();

 private:
  void createCharts();
  LiveChart* chartFor(const MetricDescriptor& metric);
  void rebuildSmoothed();
  void showScaleChart(bool show);
  // Places the charts after the first five (the metrics' own charts, then the loss scale when
  // shown) in further columns of two.
  void layOutExtraCharts();
  void showMemoryOf(bool cuda);
  // The curves of segmentation figures (MetricTask::Segmentation): hidden for other runs.
  void showSegmentationCurves(bool shown);
  void addEpochAt(std::int64_t step, const EpochMetrics& epoch);

  // The charts, by what they show.
  struct Charts {
    LiveChart* loss = nullptr;
    LiveChart* accuracy = nullptr;
    LiveChart* lr = nullptr;
    LiveChart* memory = nullptr;
    LiveChart* throughput = nullptr;
    LiveChart* scale = nullptr;
    std::vector<LiveChart*> own;  // MetricChart::Own, in the list's order
  };
  // The curves drawn from the metrics' own: the loss raw and smoothed, and event markers.
  struct DerivedCurves {
    int rawLoss = 0;
    int smoothLoss = 0;
    int skippedLoss = 0;
    int scaleGrowth = 0;
    int scaleBackoff = 0;
  };

  Charts charts_;
  bool scaleShown_ = false;
  QGridLayout* grid_ = nullptr;
  QSlider* smoothingSlider_ = nullptr;
  QLabel* smoothingValue_ = nullptr;
  QTimer* redrawTimer_ = nullptr;
  double redrawCostMs_ = 0;  // moving average of what one refresh() costs
  RedrawBudget budget_ = kGpuRunBudget;

  // Fixed at construction: each metric's chart and curve, and the curves drawn from them.
  std::array<LiveChart*, kMetricCount> chartOf_ = {};
  std::array<int, kMetricCount> curveOf_ = {};
  DerivedCurves curves_;

  double smoothing_ = 0.9;
  double ema_ = 0;  // running, biased; divided by (1 - weight^n) when drawn
  std::int64_t emaCount_ = 0;
  std::int64_t lastStep_ = 0;
  bool memoryKindKnown_ = false;
  std::unique_ptr<RunOverlays> overlays_;
  std::optional<RecordedRun> continued_;  // see continueRun
  // The run shown, for the CSV (confusion matrices dropped).
  std::vector<RecordedStep> steps_;
  std::vector<RecordedEpoch> epochs_;
};

}  // namespace convstudio
