#pragma once
// A run's metrics files, written and read through the metric list (metric_list.h):
// metrics.jsonl (one JSON object per step and per epoch) and metrics.csv (a header row, then one
// row per step and per epoch, told apart by the "kind" column), and the metrics as read back.

#include <array>
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "convstudio/runs/metric_list.h"
#include "convstudio/runs/training_events.h"

namespace convstudio {

// A step as a run's files keep it: the list's step metrics, compact, since a run list holds
// every step of every run.
struct RecordedStep {
  // In the list's order of step metrics (metric_slot); NaN where the file had no number.
  std::array<double, kStepMetricCount> values = {};

  static RecordedStep of(const StepMetrics& step);
  // The figures as the trainer reported them (a figure not recorded: 0, NaN for a real).
  StepMetrics metrics() const;
  double value(std::size_t metric) const { return values[metric_slot(metric)]; }
  void set(std::size_t metric, double value) { values[metric_slot(metric)] = value; }
  std::int64_t step() const;
};

// A validation as a run's files keep it (no misclassified images). Its step is the file's, or,
// in files written before validations carried one, that of the step line before it.
struct RecordedEpoch : EpochMetrics {};

struct RecordedMetrics {
  std::vector<RecordedStep> steps;
  std::vector<RecordedEpoch> epochs;
};

// One line of metrics.jsonl, with its newline.
std::string step_jsonl_line(const StepMetrics& step);
std::string epoch_jsonl_line(const EpochMetrics& epoch);

// The columns of metrics.csv and their rows.
class MetricsCsv {
 public:
  // "kind" and the list's columns, in its order.
  MetricsCsv();
  // The columns an existing file's header row names: a run resumed into its folder appends rows
  // that fit the header its file began with (a column the list no longer has stays empty).
  explicit MetricsCsv(std::string_view header);

  // With their newlines.
  std::string header() const;
  std::string row(const StepMetrics& step) const;
  std::string row(const EpochMetrics& epoch) const;

  // One data row read by the header's column names; false for a row of another kind or shape.
  bool read(std::string_view row, RecordedStep& step) const;
  bool read(std::string_view row, RecordedEpoch& epoch) const;
  // "step", "epoch", or empty for a row without a kind column.
  std::string_view kind_of(std::string_view row) const;

 private:
  void map_columns();

  std::vector<std::string> columns_;
  std::vector<int> step_metric_;   // per column: the kMetrics index written there, -1 for none
  std::vector<int> epoch_metric_;  // likewise for epoch rows
  int kind_column_ = -1;
};

// Every step and epoch of a metrics file; lines a crash cut short, or that another version or
// a hand edit left unreadable, are skipped. Figures missing or null read as NaN (reals) or 0.
enum class MetricLines { All, EpochsOnly };
RecordedMetrics read_metrics_jsonl(std::istream& in, MetricLines lines = MetricLines::All);
RecordedMetrics read_metrics_csv(std::istream& in);

// metrics.csv's whole text for these steps and epochs, each epoch after the step it ended at
// (the studio's Export CSV writes the run it shows this way).
std::string metrics_csv_text(const std::vector<RecordedStep>& steps,
                             const std::vector<RecordedEpoch>& epochs);

}  // namespace convstudio
