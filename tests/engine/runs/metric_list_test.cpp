// The metric list is the one place a metric is spelled: its keys must not collide, every metric
// must come back from metrics.jsonl and metrics.csv as it went in, and the files earlier versions
// wrote must still read.

#include "convstudio/runs/metric_list.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "convstudio/runs/metric_files.h"
#include "convstudio/runs/run_history.h"
#include "convstudio/runs/run_recorder.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {

TEST(MetricList, EveryMetricHasItsOwnIdKeyColumnAndTag) {
  std::set<std::string_view> ids, tags;
  std::set<std::pair<MetricCadence, std::string_view>> keys, columns;
  for (const MetricDescriptor& metric : kMetrics) {
    EXPECT_TRUE(ids.insert(metric.id).second) << metric.id;
    // "kind" tells a step line from an epoch line in both files.
    EXPECT_NE(metric.jsonl, "kind") << metric.id;
    EXPECT_NE(metric.csv, "kind") << metric.id;
    if (!metric.jsonl.empty()) {
      EXPECT_TRUE(keys.insert({metric.cadence(), metric.jsonl}).second) << metric.id;
    }
    if (!metric.csv.empty()) {
      EXPECT_TRUE(columns.insert({metric.cadence(), metric.csv}).second) << metric.id;
    }
    if (!metric.tensorboard.empty()) {
      EXPECT_TRUE(tags.insert(metric.tensorboard).second) << metric.id;
    }
    if (metric.chart != MetricChart::None) {
      EXPECT_NE(std::string_view(metric.label), "") << metric.id << " is charted without a name";
    }
    const MetricField& f = metric.field;
    const bool step = metric.cadence() == MetricCadence::Step;
    EXPECT_EQ(f.step_value != nullptr && f.set_step_value != nullptr, step) << metric.id;
    EXPECT_EQ(f.epoch_value != nullptr && f.set_epoch_value != nullptr, !step) << metric.id;
  }
}

TEST(MetricList, TheFilesKeepTheColumnsEarlierVersionsWrote) {
  // The header every version before the list wrote; a new metric adds its column at the end.
  const std::string before =
      "kind,step,epoch,loss,lr,samples_per_second,loss_scale,skipped_steps,"
      "memory_allocated_bytes,memory_reserved_bytes,resident_bytes,train_loss,"
      "train_accuracy,val_loss,val_accuracy,duration_seconds";
  EXPECT_EQ(MetricsCsv().header().substr(0, before.size()), before);
}

// A value for each metric, different from every other and from a default: integers for
// integer fields, fractions for the rest.
double sample_value(std::size_t index, const MetricDescriptor& metric) {
  const double base = 1000.0 * static_cast<double>(index + 1);
  return metric.field.integer ? base + 7 : base + 0.1234567890123;
}

StepMetrics every_step_metric() {
  StepMetrics step;
  for (std::size_t i = 0; i < kMetricCount; ++i) {
    if (kMetrics[i].cadence() == MetricCadence::Step) {
      kMetrics[i].field.set_step_value(step, sample_value(i, kMetrics[i]));
    }
  }
  return step;
}

EpochMetrics every_epoch_metric() {
  EpochMetrics epoch;
  for (std::size_t i = 0; i < kMetricCount; ++i) {
    if (kMetrics[i].cadence() == MetricCadence::Epoch) {
      kMetrics[i].field.set_epoch_value(epoch, sample_value(i, kMetrics[i]));
    }
  }
  epoch.confusion = {{3, 1}, {0, 4}};
  epoch.class_names = {"cat", "dog"};
  // A segmentation run's epoch: only those measure every metric (MetricTask::Segmentation).
  epoch.val_class_iou = {0.75, 0.8};
  return epoch;
}

// What a file holding `written` gives back, metric by metric: exactly the value for those the
// file keeps (`kept`), and for the others what the reader makes of their absence.
void expect_read_back(const RecordedMetrics& read, bool (*kept)(const MetricDescriptor&)) {
  ASSERT_EQ(read.steps.size(), 1u);
  ASSERT_EQ(read.epochs.size(), 1u);
  const StepMetrics step = read.steps.front().metrics();
  const RecordedEpoch& epoch = read.epochs.front();
  for (std::size_t i = 0; i < kMetricCount; ++i) {
    const MetricDescriptor& metric = kMetrics[i];
    if (!kept(metric)) continue;
    const double got = metric.cadence() == MetricCadence::Step ? metric.field.step_value(step)
                                                               : metric.field.epoch_value(epoch);
    EXPECT_EQ(got, sample_value(i, metric)) << metric.id;
  }
  // A validation keeps its own step (one part-way through an epoch too), not the line's before.
  EXPECT_EQ(epoch.step, every_epoch_metric().step);
  EXPECT_NE(epoch.step, step.step);
}

TEST(MetricList, StepAndEpochMetricsRoundTripThroughJsonl) {
  std::istringstream file(step_jsonl_line(every_step_metric()) +
                          epoch_jsonl_line(every_epoch_metric()));
  const RecordedMetrics read = read_metrics_jsonl(file);
  expect_read_back(read, [](const MetricDescriptor& m) { return !m.jsonl.empty(); });
  EXPECT_EQ(read.epochs.front().confusion, every_epoch_metric().confusion);
  EXPECT_EQ(read.epochs.front().class_names, every_epoch_metric().class_names);
  EXPECT_EQ(read.epochs.front().val_class_iou, every_epoch_metric().val_class_iou);
}

TEST(MetricList, StepAndEpochMetricsRoundTripThroughCsv) {
  const MetricsCsv csv;
  std::istringstream file(csv.header() + csv.row(every_step_metric()) +
                          csv.row(every_epoch_metric()));
  expect_read_back(read_metrics_csv(file),
                   [](const MetricDescriptor& m) { return !m.csv.empty(); });
}

TEST(MetricList, NonFiniteFiguresAreWrittenSoTheyReadBackAsMissing) {
  StepMetrics step = every_step_metric();
  step.loss = std::numeric_limits<double>::quiet_NaN();
  step.lr = std::numeric_limits<double>::infinity();
  const std::string line = step_jsonl_line(step);
  EXPECT_NE(line.find("\"loss\":null"), std::string::npos) << line;
  std::istringstream jsonl(line);
  const RecordedStep read = read_metrics_jsonl(jsonl).steps.at(0);
  EXPECT_TRUE(std::isnan(read.value(metric_index("loss"))));
  const MetricsCsv csv;
  std::istringstream csv_file(csv.header() + csv.row(step));
  const RecordedStep from_csv = read_metrics_csv(csv_file).steps.at(0);
  EXPECT_TRUE(std::isnan(from_csv.value(metric_index("loss"))));
  EXPECT_TRUE(std::isinf(from_csv.value(metric_index("lr"))));
}

// Lines a run of the version before the metric list wrote (tests/cli's TensorBoard run).
constexpr const char* kOldJsonl =
    R"({"kind":"step","step":1,"epoch":0,"batch":1,"loss":0.7146366834640503,"lr":0.001,)"
    R"("samples_per_second":305.624499348867,"loss_scale":1.0,"skipped_steps":0,)"
    R"("memory_allocated_bytes":0,"memory_reserved_bytes":0,"memory_peak_bytes":0,)"
    R"("resident_bytes":536498176})"
    "\n"
    R"({"kind":"step","step":2,"epoch":0,"batch":2,"loss":0.6759526133537292,"lr":0.0014,)"
    R"("samples_per_second":2151.494818259198,"loss_scale":1.0,"skipped_steps":0,)"
    R"("memory_allocated_bytes":0,"memory_reserved_bytes":0,"memory_peak_bytes":0,)"
    R"("resident_bytes":530000000})"
    "\n"
    R"({"class_names":["cat","dog"],"confusion":[[1,0],[3,0]],"duration_seconds":0.05713671,)"
    R"("epoch":0,"kind":"epoch","train_accuracy":0.5277777777777778,)"
    R"("train_loss":0.693621019522349,"val_accuracy":0.25,"val_loss":0.7193310260772705})"
    "\n";
constexpr const char* kOldCsv =
    "kind,step,epoch,loss,lr,samples_per_second,loss_scale,skipped_steps,memory_allocated_bytes,"
    "memory_reserved_bytes,resident_bytes,train_loss,train_accuracy,val_loss,val_accuracy,"
    "duration_seconds\n"
    "step,1,0,0.7146366834640503,0.001,305.624499348867,1,0,0,0,536498176,,,,,\n"
    "step,2,0,0.6759526133537292,0.0014,2151.494818259198,1,0,0,0,530000000,,,,,\n"
    "epoch,,0,,,,,,,,,0.693621,0.527778,0.719331,0.25,0.0571367\n";

void expect_old_run(const RecordedMetrics& read, double train_loss) {
  ASSERT_EQ(read.steps.size(), 2u);
  ASSERT_EQ(read.epochs.size(), 1u);
  const StepMetrics second = read.steps[1].metrics();
  EXPECT_EQ(second.step, 2);
  EXPECT_EQ(second.loss, 0.6759526133537292);
  EXPECT_EQ(second.lr, 0.0014);
  EXPECT_EQ(second.samples_per_second, 2151.494818259198);
  EXPECT_EQ(second.memory.resident_bytes, 530000000u);
  EXPECT_FALSE(second.memory.is_cuda);
  // Not in the files: the running maximum of the resident memory.
  EXPECT_EQ(second.memory.peak_resident_bytes, 536498176u);
  // Metrics the list gained since are missing, not zero.
  for (std::size_t i = 0; i < kMetricCount; ++i) {
    if (kMetrics[i].cadence() != MetricCadence::Step || kMetrics[i].field.integer) continue;
    if (std::string(kOldCsv).find(kMetrics[i].csv) == std::string::npos &&
        std::string(kOldJsonl).find(kMetrics[i].jsonl) == std::string::npos) {
      EXPECT_TRUE(std::isnan(read.steps[1].value(i))) << kMetrics[i].id;
    }
  }
  const RecordedEpoch& epoch = read.epochs[0];
  EXPECT_EQ(epoch.step, 2);
  EXPECT_EQ(epoch.epoch, 0);
  EXPECT_EQ(epoch.train_loss, train_loss);
  EXPECT_EQ(epoch.val_accuracy, 0.25);
}

TEST(MetricList, AMetricsJsonlOfAnEarlierVersionReads) {
  std::istringstream file(kOldJsonl);
  const RecordedMetrics read = read_metrics_jsonl(file);
  expect_old_run(read, 0.693621019522349);
  EXPECT_EQ(read.epochs[0].confusion, (std::vector<std::vector<std::int64_t>>{{1, 0}, {3, 0}}));
}

TEST(MetricList, AMetricsCsvOfAnEarlierVersionReads) {
  std::istringstream file(kOldCsv);
  expect_old_run(read_metrics_csv(file), 0.693621);
}

TEST(MetricList, AnEarlierVersionsRunFolderReadsBack) {
  const auto folder = testing::scratch_folder("old") / "run";
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "run.json") << R"({"format": "convstudio-run", "state": "finished"})";
  std::ofstream(folder / "metrics.jsonl") << kOldJsonl;
  std::ofstream(folder / "metrics.csv") << kOldCsv;
  const std::optional<RecordedRun> run = load_recorded_run(folder);
  ASSERT_TRUE(run.has_value());
  expect_old_run({run->steps, run->epochs}, 0.693621019522349);
}

TEST(MetricList, ARunResumedIntoAnEarlierVersionsFolderKeepsItsCsvColumns) {
  const auto folder = testing::scratch_folder("resume-old") / "run";
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "run.json") << R"({"format": "convstudio-run", "state": "cancelled"})";
  std::ofstream(folder / "metrics.csv") << kOldCsv;
  {
    RunRecorder resumed(folder, Project{}, RunRecorder::Start::Resumed);
    ASSERT_TRUE(resumed.ok()) << resumed.problem();
    StepMetrics step = every_step_metric();
    step.step = 3;
    resumed.on_step(step);
    resumed.on_state(RunState::Finished, "");
  }
  std::ifstream file(folder / "metrics.csv");
  const RecordedMetrics read = read_metrics_csv(file);
  ASSERT_EQ(read.steps.size(), 3u);  // the appended row fits the header
  EXPECT_EQ(read.steps[2].step(), 3);
  EXPECT_EQ(read.steps[2].metrics().loss, every_step_metric().loss);
}

TEST(MetricList, TheStudiosExportIsMetricsCsv) {
  RecordedStep step = RecordedStep::of(every_step_metric());
  RecordedEpoch epoch;
  static_cast<EpochMetrics&>(epoch) = every_epoch_metric();
  epoch.step = step.step();
  const std::string text = metrics_csv_text({step}, {epoch});
  const MetricsCsv csv;
  EXPECT_EQ(text, csv.header() + csv.row(step.metrics()) + csv.row(epoch));
}

}  // namespace
}  // namespace convstudio
